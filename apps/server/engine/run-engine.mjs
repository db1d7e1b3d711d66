// One engine call in its own process, so heavy CPU work never runs on the API event loop and a
// cancelled or lost job leaves nothing running. The parent (a worker) talks to it over IPC:
// it sends one request; this answers progress messages, then a result or an error; the parent then
// disconnects, which ends this process.
import { analyseTracking, renderClips, runInactivityFilter } from '@filmroom/vision';

const controller = new AbortController();
// The worker is gone (killed or crashed): stop at once, nothing may outlive it.
process.on('disconnect', () => process.exit(1));

function send(message) {
  if (process.connected) process.send(message);
}

async function run(request) {
  const onProgress = (percent) => send({ type: 'progress', percent });
  const signal = controller.signal;
  if (request.engine === 'inactivity') {
    return runInactivityFilter({
      input: request.input,
      output: request.output,
      signal,
      onProgress,
    });
  }
  if (request.engine === 'track-analyse') {
    const analysis = await analyseTracking(request.input, { signal, onProgress });
    return { durationSec: analysis.durationSec, teams: analysis.teams, players: analysis.players };
  }
  if (request.engine === 'track-render') {
    return renderClips({
      input: request.input,
      analysis: request.analysis,
      teamLetter: request.teamLetter,
      numbers: request.numbers,
      output: request.output,
      spotlight: true,
      signal,
      onProgress,
    });
  }
  throw new Error(`Unknown engine ${String(request.engine)}`);
}

process.once('message', (request) => {
  run(request).then(
    (result) => {
      send({ type: 'result', result });
    },
    (error) => {
      send({ type: 'error', message: error?.message ?? String(error), code: error?.code ?? null });
    },
  );
});
