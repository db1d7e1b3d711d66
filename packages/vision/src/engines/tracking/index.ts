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

async function analyse(
  request: TrackAnalyseRequest,
  { signal, onProgress }: EngineRunOptions = {},
): Promise<TrackAnalyseResult> {
  const analysis = await analyseTracking(request.input, {
    signal,
    onProgress,
    photoDir: request.photoDir,
  });
  return {
    durationSec: analysis.durationSec,
    teams: analysis.teams,
    players: analysis.players,
    unnumbered: analysis.unnumbered,
    ...(analysis.photos ? { photos: analysis.photos } : {}),
  };
}

function render(
  request: TrackRenderRequest,
  { signal, onProgress }: EngineRunOptions = {},
): Promise<RenderClipsResult> {
  return renderClips({
    input: request.input,
    analysis: request.analysis,
    teamLetter: request.teamLetter,
    numbers: request.numbers,
    playerIds: request.playerIds,
    output: request.output,
    spotlight: true,
    signal,
    onProgress,
  });
}

/** Player Tracking's engine calls (`tool.ts` names them for the registry). */
export const runs = { 'track-analyse': analyse, 'track-render': render };
export type PlayerTrackingRuns = typeof runs;
