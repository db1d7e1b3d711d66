import type { RenderClipsResult } from '../engines/player-tracking/clips/render-clips.js';
import type { InactivityFilterResult } from '../engines/inactivity/run-inactivity-filter.js';
import type { TeamLetter } from '../perception/teams/cluster-teams.js';
import type { TrackingAnalysis } from '../engines/player-tracking/tracking-types.js';

/** What Player Tracking's analysis hands on: the teams and players the user picks from and renders. */
export type TrackingSummary = Pick<TrackingAnalysis, 'durationSec' | 'teams' | 'players'>;

/** One engine call, as a worker sends it to an engine process. */
export type EngineRequest =
  | { engine: 'inactivity'; input: string; output: string }
  | { engine: 'track-analyse'; input: string }
  | {
      engine: 'track-render';
      input: string;
      output: string;
      analysis: TrackingSummary;
      teamLetter: TeamLetter;
      numbers: number[];
    };

export type EngineName = EngineRequest['engine'];

/** The result of each engine call. */
export interface EngineResults {
  inactivity: InactivityFilterResult;
  'track-analyse': TrackingSummary;
  'track-render': RenderClipsResult;
}

export type EngineResult<R extends EngineRequest> = EngineResults[R['engine']];

/** What an engine process answers: progress (0–100) any number of times, then a result or an error. */
export type EngineMessage =
  | { type: 'progress'; percent: number }
  | { type: 'result'; result: EngineResults[EngineName] }
  | { type: 'error'; message: string; code: string | null };
