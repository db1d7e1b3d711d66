import { fileURLToPath } from 'node:url';

export type {
  EngineMessage,
  EngineName,
  EngineRequest,
  EngineResult,
  EngineResults,
  TrackingSummary,
} from './engine-types.js';
export type { InactivityFilterResult } from '../inactivity/run-inactivity-filter.js';
export type { RenderClipsResult } from '../clips/render-clips.js';
export type { TeamLetter } from '../teams/cluster-teams.js';
export type { TrackingPlayer, TrackingTeam, TimeRange } from '../tracking/tracking-types.js';
export { runEngineRequest } from './run-engine-request.js';

/** The script to fork for an engine process (talks EngineRequest/EngineMessage over IPC). */
export const ENGINE_PROCESS_SCRIPT = fileURLToPath(new URL('./engine-process.js', import.meta.url));
