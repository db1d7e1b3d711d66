import type { TeamLetter } from '../../perception/teams/cluster-teams.js';
import type { PictureTimeline } from './appearances.js';
import type { PlayerPhoto } from './player-photos.js';

export interface TimeRange {
  start: number;
  end: number;
}

export interface TrackingTeam {
  teamLetter: TeamLetter;
  primaryColor: string;
  secondaryColor: string;
  /** Jersey numbers read on this team, ascending. */
  players: number[];
}

export interface TrackingPlayer {
  /**
   * Stable within one analysis, whatever number the coach gives the player later:
   * `${teamLetter}-${number}` as first read, `${teamLetter}-p${track}` for a player listed by photo.
   */
  id: string;
  teamLetter: TeamLetter;
  number: number;
  /** 0–1: agreement of the number reads across the player's tracks (1 when the coach gave it). */
  confidence: number;
  /** The coach gave this number (see `renumberPlayer`). */
  byCoach?: boolean;
  /** When the player is on screen, in seconds. */
  appearances: TimeRange[];
  /** The frame and box ([x, y, w, h] in source-video pixels) where the number reads best. */
  best: { time: number; box: [number, number, number, number] };
  /** Sampled positions [time, x, y, w, h] in source-video pixels, for the spotlight. */
  path: [number, number, number, number, number][];
}

/**
 * A tracked player of a team whose number no two reads back: the coach picks them by their photo
 * (`best`), or types their number (see `renumberPlayer`).
 */
export interface UnnumberedPlayer extends Omit<TrackingPlayer, 'number' | 'confidence'> {
  /** Seconds on screen in all (the sum of `appearances`). */
  onScreenSec: number;
}

/** One track as the analysis saw it (for evaluation and debugging; only when asked for). */
export interface TrackDetail {
  id: number;
  teamLetter: TeamLetter | null;
  number: number | null;
  confidence: number;
  /** [time, x, y, w, h] in analysis-frame pixels. */
  path: [number, number, number, number, number][];
  /** The camera offset at each path sample: box + offset is the place on the field. */
  offsets: [number, number][];
  reads: { time: number; number: number | null; confidence: number }[];
}

/** The `track` result: what the Select Players dialog and the clip renderer need. */
export interface TrackingAnalysis {
  durationSec: number;
  teams: TrackingTeam[];
  players: TrackingPlayer[];
  /** The team players without a number, longest on screen first (at most a few dozen a team). */
  unnumbered: UnnumberedPlayer[];
  /**
   * analysisSec: wall time. cpuSec: CPU time of this process and its detector threads (not ffmpeg's
   * decode): on a busy machine it shows what the analysis itself costs.
   */
  /** Wall and CPU seconds (all threads) of the analysis; peak RSS of the process so far, in MB. */
  timings: { analysisSec: number; cpuSec?: number; peakRssMb?: number };
  /** Counts that explain a thin result (no people, one team, unreadable numbers). */
  stats: {
    sampledFrames: number;
    tracks: number;
    teamTracks: number;
    outlierTracks: number;
    unreadableTracks: number;
  };
  /** Each listed player's evidence photo, when a folder for them was given (`photoDir`). */
  photos?: PlayerPhoto[];
  /** Per-track detail, present only when `includeTracks` was asked for. */
  tracks?: TrackDetail[];
  /** Where the picture was at each analysed frame, present only with `tracks`. */
  picture?: PictureTimeline;
}
