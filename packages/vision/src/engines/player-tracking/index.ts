import type { TeamLetter } from '../../perception/teams/cluster-teams.js';
import type { SportChoice } from '../../perception/sport/sports.js';
import type { EngineRunOptions } from '../run-options.js';
import { analyseTracking } from './analyse-tracking.js';
import { renderClips, type RenderClipsResult } from './clips/render-clips.js';
import type { PlayerPhoto } from './player-photos.js';
import type { TrackingAnalysis } from './tracking-types.js';

/** What Player Tracking's analysis hands on: the teams and players the user picks from and renders. */
export type TrackingSummary = Pick<
  TrackingAnalysis,
  'durationSec' | 'teams' | 'players' | 'unnumbered'
>;

/** Analyse a film: its teams, the players' numbers and where each appears. */
export interface TrackAnalyseRequest {
  engine: 'track-analyse';
  input: string;
  /** The film's sport as the user chose it; carried for later use, the analysis does not read it yet. */
  sport?: SportChoice;
  /** A folder for each listed player's evidence photo (JPEG); the result lists them. */
  photoDir?: string;
}

/** The analysis, and the players' evidence photos when a folder for them was given. */
export type TrackAnalyseResult = TrackingSummary & { photos?: PlayerPhoto[] };

/** Render the clips in which the chosen players of one team appear, with a spotlight on them. */
export interface TrackRenderRequest {
  engine: 'track-render';
  input: string;
  output: string;
  analysis: TrackingSummary;
  teamLetter: TeamLetter;
  numbers: number[];
  /** Players chosen by id: those picked by their photo. */
  playerIds?: string[];
}

export type PlayerTrackingRequest = TrackAnalyseRequest | TrackRenderRequest;

export interface PlayerTrackingResults {
  'track-analyse': TrackAnalyseResult;
  'track-render': RenderClipsResult;
}

export type PlayerTrackingResult<R extends PlayerTrackingRequest> =
  PlayerTrackingResults[R['engine']];

export async function run<R extends PlayerTrackingRequest>(
  request: R,
  { signal, onProgress }: EngineRunOptions = {},
): Promise<PlayerTrackingResult<R>> {
  if (request.engine === 'track-analyse') {
    const { photoDir } = request as TrackAnalyseRequest;
    const analysis = await analyseTracking(request.input, { signal, onProgress, photoDir });
    const summary: TrackAnalyseResult = {
      durationSec: analysis.durationSec,
      teams: analysis.teams,
      players: analysis.players,
      unnumbered: analysis.unnumbered,
      ...(analysis.photos ? { photos: analysis.photos } : {}),
    };
    return summary as PlayerTrackingResult<R>;
  }
  const render = request as TrackRenderRequest;
  const result = await renderClips({
    input: render.input,
    analysis: render.analysis,
    teamLetter: render.teamLetter,
    numbers: render.numbers,
    playerIds: render.playerIds,
    output: render.output,
    spotlight: true,
    signal,
    onProgress,
  });
  return result as PlayerTrackingResult<R>;
}
