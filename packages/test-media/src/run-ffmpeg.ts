import { spawn } from 'node:child_process';

/** Runs ffmpeg (FFMPEG_PATH, or Debian's) to completion; its exit code and the tail of its errors. */
export function runFfmpeg(
  args: readonly string[],
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.env.FFMPEG_PATH || '/usr/bin/ffmpeg', args, {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}
