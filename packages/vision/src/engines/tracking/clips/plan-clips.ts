import type { TeamLetter } from '../../../perception/teams/cluster-teams.js';
import { mergeRanges } from '../appearances.js';
import type {
  TimeRange,
  TrackingAnalysis,
  TrackingPlayer,
  UnnumberedPlayer,
} from '../tracking-types.js';

export interface ClipPlanOptions {
  /** Seconds added before each appearance (the build-up) and after it. */
  padBeforeSec?: number;
  padAfterSec?: number;
  /** Clips closer than this merge into one (no jumpy cut for a short absence). */
  joinGapSec?: number;
  /** Shorter clips are dropped (a glimpse is not watchable). */
  minClipSec?: number;
}

/** The players a coach chose: by number, and by id (a player picked by photo, or by number too). */
export interface PlayerChoice {
  numbers: readonly number[];
  playerIds?: readonly string[];
}

export interface ClipPlan {
  clips: TimeRange[];
  /** The chosen players, numbers first in the order chosen, then those chosen by id. */
  players: (TrackingPlayer | UnnumberedPlayer)[];
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
  analysis: Pick<TrackingAnalysis, 'durationSec' | 'teams' | 'players'> &
    Partial<Pick<TrackingAnalysis, 'unnumbered'>>,
  teamLetter: TeamLetter,
  chosen: PlayerChoice,
  options: ClipPlanOptions = {},
): ClipPlan {
  const before = options.padBeforeSec ?? 1.5;
  const after = options.padAfterSec ?? 1.5;
  const joinGap = options.joinGapSec ?? 2;
  const minClip = options.minClipSec ?? 1.5;
  const { numbers } = chosen;
  const ids = chosen.playerIds ?? [];
  if (!analysis.teams.some((t) => t.teamLetter === teamLetter)) {
    throw new ClipPlanError(`Team ${teamLetter} was not found in this video.`);
  }
  if (numbers.length + ids.length === 0) throw new ClipPlanError('Choose at least one player.');
  const team = [...analysis.players, ...(analysis.unnumbered ?? [])].filter(
    (p) => p.teamLetter === teamLetter,
  );
  // in the order the players were chosen, which gives each player their spotlight colour
  const byNumber = numbers.map((n) =>
    analysis.players.find((p) => p.teamLetter === teamLetter && p.number === n),
  );
  const missing = numbers.filter((_, i) => !byNumber[i]);
  if (missing.length > 0) {
    throw new ClipPlanError(
      `No player with number ${missing.join(', ')} was found on team ${teamLetter}.`,
    );
  }
  const byId = ids.map((id) => team.find((p) => p.id === id));
  if (byId.some((p) => !p)) {
    throw new ClipPlanError(`A chosen player was not found on team ${teamLetter}.`);
  }
  const players = [...new Set([...byNumber, ...byId] as (TrackingPlayer | UnnumberedPlayer)[])];
  const padded = players.flatMap((p) =>
    p.appearances.map((a) => ({
      start: Math.max(0, a.start - before),
      end: Math.min(analysis.durationSec, a.end + after),
    })),
  );
  const clips = mergeRanges(padded, joinGap).filter((c) => c.end - c.start >= minClip);
  return { clips, players, totalSec: clips.reduce((s, c) => s + (c.end - c.start), 0) };
}
