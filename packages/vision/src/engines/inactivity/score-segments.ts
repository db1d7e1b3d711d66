import { normaliseSegments, totalLength, type Segment } from '../../media/segments.js';

/** How well kept segments match ground-truth live play (the benchmark's definitions). */
export interface SegmentScore {
  liveSec: number;
  liveKeptSec: number;
  /** Dead time outside the allowance around each play. */
  deadSec: number;
  deadRemovedSec: number;
  plays: number;
  /** Plays of which less than 90% was kept. */
  playsDropped: number;
}

/** Seconds around each play that count neither way (keeping them is neither good nor bad). */
export const ALLOWANCE_BEFORE_SEC = 1.5;
export const ALLOWANCE_AFTER_SEC = 3;

export function intersectionLength(a: readonly Segment[], b: readonly Segment[]): number {
  let total = 0;
  let j = 0;
  for (const s of a) {
    while (j < b.length && b[j]!.end <= s.start) j++;
    for (let k = j; k < b.length && b[k]!.start < s.end; k++) {
      total += Math.max(0, Math.min(s.end, b[k]!.end) - Math.max(s.start, b[k]!.start));
    }
  }
  return total;
}

/** The dead time the score counts: everything outside the allowance around each play. */
export function countedDeadTime(live: readonly Segment[], durationSec: number): Segment[] {
  const allowance = normaliseSegments(
    live.map((s) => ({ start: s.start - ALLOWANCE_BEFORE_SEC, end: s.end + ALLOWANCE_AFTER_SEC })),
    durationSec,
  );
  const dead: Segment[] = [];
  let t = 0;
  for (const a of allowance) {
    if (a.start > t) dead.push({ start: t, end: a.start });
    t = Math.max(t, a.end);
  }
  if (t < durationSec) dead.push({ start: t, end: durationSec });
  return dead;
}

export function scoreSegments(
  kept: readonly Segment[],
  live: readonly Segment[],
  durationSec: number,
): SegmentScore {
  const keptN = normaliseSegments(kept, durationSec);
  const liveN = normaliseSegments(live, durationSec);
  const dead = countedDeadTime(liveN, durationSec);
  const deadSec = totalLength(dead);
  let playsDropped = 0;
  for (const play of live) {
    const kept = intersectionLength([play], keptN);
    if (kept < 0.9 * (play.end - play.start)) playsDropped++;
  }
  return {
    liveSec: totalLength(liveN),
    liveKeptSec: intersectionLength(liveN, keptN),
    deadSec,
    deadRemovedSec: deadSec - intersectionLength(dead, keptN),
    plays: live.length,
    playsDropped,
  };
}
