import type { InactivityRequest, InactivityResult } from '../engines/inactivity/index.js';
import type {
  PlayerTrackingRequest,
  PlayerTrackingResults,
  TrackingSummary,
} from '../engines/player-tracking/index.js';

export type { TrackingSummary };

/** One engine call, as a worker sends it to an engine process. */
export type EngineRequest = InactivityRequest | PlayerTrackingRequest;

export type EngineName = EngineRequest['engine'];

/** The result of each engine call. */
export interface EngineResults extends PlayerTrackingResults {
  inactivity: InactivityResult;
}

export type EngineResult<R extends EngineRequest> = EngineResults[R['engine']];

/** What an engine process answers: progress (0–100) any number of times, then a result or an error. */
export type EngineMessage =
  | { type: 'progress'; percent: number }
  | { type: 'result'; result: EngineResults[EngineName] }
  | { type: 'error'; message: string; code: string | null };
