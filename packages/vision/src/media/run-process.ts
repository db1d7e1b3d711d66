import { spawn } from 'node:child_process';
import { abortError, MediaError } from './media-error.js';

export interface RunResult {
  stdout: string;
  stderr: string;
  code: number | null;
}

const STDERR_TAIL_CHARS = 4000;

/** Runs a binary to completion, collecting its output; a signal kills it and rejects with ABORTED. */
export function runProcess(
  command: string,
  args: readonly string[],
  options: { signal?: AbortSignal; onStderr?: (chunk: string) => void } = {},
): Promise<RunResult> {
  const { signal, onStderr } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    const onAbort = (): void => {
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      onStderr?.(chunk);
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new MediaError('FFMPEG_FAILED', `Could not start ${command}.`, error.message));
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) {
        reject(abortError());
        return;
      }
      resolve({ stdout: Buffer.concat(out).toString('utf8'), stderr, code });
    });
  });
}
