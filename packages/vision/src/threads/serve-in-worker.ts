import { parentPort } from 'node:worker_threads';
import { collectDeadBuffers } from './collect-dead-buffers.js';
import type { WorkerCall, WorkerReply } from './worker-messages.js';

/**
 * The worker side of `WorkerClient`: loads the worker's models once (saying ready, or why not), then
 * answers each call with `handle`. `inOrder`: one call at a time, in the order sent (else calls
 * overlap wherever `handle` awaits).
 */
export function serveInWorker<Models, Request, Result>(
  load: () => Promise<Models>,
  handle: (models: Models, request: Request) => Promise<Result>,
  options: { inOrder?: boolean } = {},
): void {
  const port = parentPort;
  if (!port) throw new Error('This module must run in a worker thread.');
  const reply = (message: WorkerReply<Result>): void => port.postMessage(message);
  const models = load();
  models.then(
    () => reply({ ready: true }),
    (error: unknown) => reply({ ready: false, error: String(error) }),
  );
  let queue: Promise<unknown> = Promise.resolve();
  port.on('message', ({ id, request }: WorkerCall<Request>) => {
    const answer = (): Promise<void> =>
      models
        .then((m) => handle(m, request))
        .then(
          (result) => reply({ id, result }),
          (error: unknown) => reply({ id, error: String(error) }),
        )
        .finally(collectDeadBuffers);
    if (options.inOrder) queue = queue.then(answer);
    else void answer();
  });
}
