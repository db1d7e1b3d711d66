import type { Readable } from 'node:stream';
import { spawnBound } from './spawn-bound.js';
import { abortError, MediaError } from './media-error.js';

export interface RunResult {
  stdout: string;
  stderr: string;
  code: number | null;
}

const STDERR_TAIL_CHARS = 4000;

/**
 * Runs a binary to completion, collecting its output; a signal kills it and rejects with ABORTED.
 * The binary dies with this process (see spawnBound).
 */
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
    const child = spawnBound(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    const onAbort = (): void => {
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    // Both are pipes (stdio above).
    const stdout = child.stdout as Readable;
    const stderrStream = child.stderr as Readable;
    stdout.on('data', (chunk: Buffer) => out.push(chunk));
    stderrStream.setEncoding('utf8');
    stderrStream.on('data', (chunk: string) => {
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
