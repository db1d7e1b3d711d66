import type { AllEngineRuns } from '../engines/registry.js';
import type { RequestOf, ResultOf } from '../engines/tool-engine.js';

export type { TrackingSummary } from '../engines/tracking/index.js';

/** The name of every engine call, across the tools (`engines/registry.ts`). */
export type EngineName = keyof AllEngineRuns & string;

/** One engine call, as a worker sends it to an engine process. */
export type EngineRequest = { [Name in EngineName]: RequestOf<AllEngineRuns[Name]> }[EngineName];

/** The result of each engine call. */
export type EngineResults = { [Name in EngineName]: ResultOf<AllEngineRuns[Name]> };

export type EngineResult<R extends EngineRequest> = EngineResults[R['engine']];

/** What an engine process answers: progress (0–100) any number of times, then a result or an error. */
export type EngineMessage =
  | { type: 'progress'; percent: number }
  | { type: 'result'; result: EngineResults[EngineName] }
  | { type: 'error'; message: string; code: string | null };
