// One engine call in its own process, so heavy CPU work never runs on the API event loop and a
// cancelled or lost job leaves nothing running. The parent (a worker) talks to it over IPC: it sends
// one request; this answers progress messages, then a result or an error; the parent then
// disconnects, which ends this process.
import type { EngineMessage, EngineRequest } from './engine-types.js';
import { runEngineRequest } from './run-engine-request.js';

// The worker is gone (killed or crashed): stop at once, nothing may outlive it.
process.on('disconnect', () => process.exit(1));

function send(message: EngineMessage): void {
  if (process.connected) process.send?.(message);
}

process.once('message', (request: EngineRequest) => {
  runEngineRequest(request, { onProgress: (percent) => send({ type: 'progress', percent }) }).then(
    (result) => send({ type: 'result', result }),
    (error: unknown) => {
      const failure = error as { message?: string; code?: unknown } | undefined;
      send({
        type: 'error',
        message: failure?.message ?? String(error),
        code: typeof failure?.code === 'string' ? failure.code : null,
      });
    },
  );
});
