import type { EngineRunOptions } from '../engines/run-options.js';
import type { EngineRequest, EngineResult } from './engine-types.js';

/**
 * Runs one engine call in this process. The engines (and their models: onnxruntime, sharp) are
 * loaded only here, so a module that merely names engine types loads none of them.
 */
export async function runEngineRequest<R extends EngineRequest>(
  request: R,
  options: EngineRunOptions = {},
): Promise<EngineResult<R>> {
  switch (request.engine) {
    case 'inactivity': {
      const inactivity = await import('../engines/inactivity/index.js');
      return (await inactivity.run(request, options)) as EngineResult<R>;
    }
    case 'track-analyse':
    case 'track-render': {
      const playerTracking = await import('../engines/player-tracking/index.js');
      return (await playerTracking.run(request, options)) as EngineResult<R>;
    }
    default:
      throw new Error(`Unknown engine ${String((request as { engine: unknown }).engine)}`);
  }
}
