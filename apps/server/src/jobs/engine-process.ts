import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The engine script, resolved from this module so it works from src/ (tests) and dist/ alike. */
const ENGINE_SCRIPT = fileURLToPath(new URL('../../engine/run-engine.mjs', import.meta.url));

export type EngineRequest =
  | { engine: 'inactivity'; input: string; output: string }
  | { engine: 'track-analyse'; input: string }
  | {
      engine: 'track-render';
      input: string;
      output: string;
      analysis: unknown;
      teamLetter: string;
      numbers: number[];
    };

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

type EngineMessage =
  | { type: 'progress'; percent: number }
  | { type: 'result'; result: unknown }
  | { type: 'error'; message: string; code: string | null };

/**
 * Runs one engine call in a child process (`engine/run-engine.mjs`). `tmpDir` becomes the child's
 * TMPDIR, so every temporary file the engine makes sits in a folder the job removes. Abort kills
 * the child at once (SIGKILL); if this process dies, the child sees its IPC channel close and exits.
 */
export function runEngine<T>(
  request: EngineRequest,
  options: { tmpDir: string; signal: AbortSignal; onProgress?: (percent: number) => void },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal.aborted) {
      reject(options.signal.reason as Error);
      return;
    }
    const child = fork(ENGINE_SCRIPT, [], {
      env: { ...process.env, TMPDIR: options.tmpDir },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      execArgv: [],
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
    child.on('message', (message: EngineMessage) => {
      if (message.type === 'progress') options.onProgress?.(message.percent);
      else if (message.type === 'result') {
        settle(() => resolve(message.result as T));
        child.disconnect();
      } else {
        settle(() => reject(new EngineError(message.message, message.code)));
        child.disconnect();
      }
    });
    child.on('error', (error) => settle(() => reject(error)));
    child.on('exit', (code, signal) =>
      settle(() =>
        reject(
          new EngineError(`Engine exited (${signal ?? code}) without a result: ${stderr}`, null),
        ),
      ),
    );
    child.send(request);
  });
}
