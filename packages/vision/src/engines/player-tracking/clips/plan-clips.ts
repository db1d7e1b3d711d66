import type { TeamLetter } from '../../../perception/teams/cluster-teams.js';
import { mergeRanges } from '../appearances.js';
import type { TimeRange, TrackingAnalysis, TrackingPlayer } from '../tracking-types.js';

export interface ClipPlanOptions {
  /** Seconds added before each appearance (the build-up) and after it. */
  padBeforeSec?: number;
  padAfterSec?: number;
  /** Clips closer than this merge into one (no jumpy cut for a short absence). */
  joinGapSec?: number;
  /** Shorter clips are dropped (a glimpse is not watchable). */
  minClipSec?: number;
}

export interface ClipPlan {
  clips: TimeRange[];
  /** The chosen players, in the order of the chosen numbers. */
  players: TrackingPlayer[];
  totalSec: number;
}

/** Why a clip request cannot be planned, in words a user understands. */
export class ClipPlanError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClipPlanError';
  }
}

/**
 * The time ranges where any chosen player of the chosen team is on screen, padded and merged into
 * watchable clips, clamped to the video.
 */
export function planClips(
  analysis: Pick<TrackingAnalysis, 'durationSec' | 'teams' | 'players'>,
  teamLetter: TeamLetter,
  numbers: readonly number[],
  options: ClipPlanOptions = {},
): ClipPlan {
  const before = options.padBeforeSec ?? 1.5;
  const after = options.padAfterSec ?? 1.5;
  const joinGap = options.joinGapSec ?? 2;
  const minClip = options.minClipSec ?? 1.5;
  if (!analysis.teams.some((t) => t.teamLetter === teamLetter)) {
    throw new ClipPlanError(`Team ${teamLetter} was not found in this video.`);
  }
  if (numbers.length === 0) throw new ClipPlanError('Choose at least one player.');
  // in the order the numbers were chosen, which gives each player their spotlight colour
  const players = analysis.players
    .filter((p) => p.teamLetter === teamLetter && numbers.includes(p.number))
    .sort((a, b) => numbers.indexOf(a.number) - numbers.indexOf(b.number));
  const missing = numbers.filter((n) => !players.some((p) => p.number === n));
  if (missing.length > 0) {
    throw new ClipPlanError(
      `No player with number ${missing.join(', ')} was found on team ${teamLetter}.`,
    );
  }
  const padded = players.flatMap((p) =>
    p.appearances.map((a) => ({
      start: Math.max(0, a.start - before),
      end: Math.min(analysis.durationSec, a.end + after),
    })),
  );
  const clips = mergeRanges(padded, joinGap).filter((c) => c.end - c.start >= minClip);
  return { clips, players, totalSec: clips.reduce((s, c) => s + (c.end - c.start), 0) };
}
