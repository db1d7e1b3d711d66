import type { EngineRequest, EngineResult } from './engine-types.js';

/**
 * Runs one engine call in this process. The engines (and their models: onnxruntime, sharp) are
 * loaded only here, so a module that merely names engine types loads none of them.
 */
export async function runEngineRequest<R extends EngineRequest>(
  request: R,
  options: { signal?: AbortSignal; onProgress?: (percent: number) => void } = {},
): Promise<EngineResult<R>> {
  const { signal, onProgress } = options;
  switch (request.engine) {
    case 'inactivity': {
      const { runInactivityFilter } =
        await import('../engines/inactivity/run-inactivity-filter.js');
      const result = await runInactivityFilter({
        input: request.input,
        output: request.output,
        signal,
        onProgress,
      });
      return result as EngineResult<R>;
    }
    case 'track-analyse': {
      const { analyseTracking } = await import('../engines/player-tracking/analyse-tracking.js');
      const analysis = await analyseTracking(request.input, { signal, onProgress });
      const summary = {
        durationSec: analysis.durationSec,
        teams: analysis.teams,
        players: analysis.players,
      };
      return summary as EngineResult<R>;
    }
    case 'track-render': {
      const { renderClips } = await import('../engines/player-tracking/clips/render-clips.js');
      const result = await renderClips({
        input: request.input,
        analysis: request.analysis,
        teamLetter: request.teamLetter,
        numbers: request.numbers,
        output: request.output,
        spotlight: true,
        signal,
        onProgress,
      });
      return result as EngineResult<R>;
    }
    default:
      throw new Error(`Unknown engine ${String((request as { engine: unknown }).engine)}`);
  }
}
