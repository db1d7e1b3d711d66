import { toolEngineOf } from '../engines/registry.js';
import type { EngineRun } from '../engines/tool-engine.js';
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
  const tool = toolEngineOf(request.engine);
  if (!tool) throw new Error(`Unknown engine ${String(request.engine)}`);
  const { runs } = await tool.load();
  // the registry's types pair each call's name with its runner; the lookup by name loses the pairing
  const run = (runs as unknown as Record<string, EngineRun<R, EngineResult<R>>>)[request.engine]!;
  return run(request, options);
}
