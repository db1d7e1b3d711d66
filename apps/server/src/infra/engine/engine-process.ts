import { fork } from 'node:child_process';
import { boundForkOptions } from '@filmroom/vision/media';
import {
  ENGINE_EXEC_ARGV,
  ENGINE_MALLOC_ENV,
  ENGINE_PROCESS_SCRIPT,
  type EngineMessage,
  type EngineRequest,
  type EngineResult,
} from '@filmroom/vision/engine';

/** An engine failure as the engine reported it (MediaError code when it has one). */
export class EngineError extends Error {
  override readonly name = 'EngineError';
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

/** How long a child that has answered may take to exit before it is killed. */
const EXIT_GRACE_MS = 5_000;

/**
 * Runs one engine call in a child process (the vision package's engine process). `tmpDir` becomes
 * the child's TMPDIR, so every temporary file the engine makes sits in a folder the job removes.
 * Abort kills the child at once (SIGKILL); if this process dies, the kernel kills the child
 * (parent-death signal), and a child that outlives it anyway sees its IPC channel close and exits.
 * The promise settles once the child has exited.
 */
export function runEngine<R extends EngineRequest>(
  request: R,
  options: { tmpDir: string; signal: AbortSignal; onProgress?: (percent: number) => void },
): Promise<EngineResult<R>> {
  return new Promise<EngineResult<R>>((resolve, reject) => {
    if (options.signal.aborted) {
      reject(options.signal.reason as Error);
      return;
    }
    const bound = boundForkOptions();
    const child = fork(ENGINE_PROCESS_SCRIPT, [], {
      env: { ...ENGINE_MALLOC_ENV, ...process.env, TMPDIR: options.tmpDir },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // Killed by the kernel if this worker dies, even by SIGKILL (its ffmpeg children likewise).
      ...bound,
      // node's own options follow the launcher's (setpriv's) arguments
      execArgv: [...bound.execArgv, ...ENGINE_EXEC_ARGV],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    let settled = false;
    const settle = (action: () => void): void => {
      if (settled) return;
      settled = true;
      options.signal.removeEventListener('abort', onAbort);
      action();
    };
    const onAbort = (): void => {
      child.kill('SIGKILL');
      settle(() => reject(options.signal.reason as Error));
    };
    options.signal.addEventListener('abort', onAbort, { once: true });
    // The answer is given once the child has exited, so a finished run leaves no engine process
    // behind and the next run never shares the machine with this one's memory.
    let outcome: (() => void) | null = null;
    child.on('message', (message: EngineMessage) => {
      if (message.type === 'progress') {
        options.onProgress?.(message.percent);
        return;
      }
      outcome =
        message.type === 'result'
          ? () => resolve(message.result as EngineResult<R>)
          : () => reject(new EngineError(message.message, message.code));
      // The child ends when its channel closes; one that does not is ended.
      child.disconnect();
      setTimeout(() => child.kill('SIGKILL'), EXIT_GRACE_MS).unref();
    });
    child.on('error', (error) => settle(() => reject(error)));
    child.on('exit', (code, signal) =>
      settle(
        outcome ??
          (() =>
            reject(
              new EngineError(
                `Engine exited (${signal ?? code}) without a result: ${stderr}`,
                null,
              ),
            )),
      ),
    );
    child.send(request);
  });
}
