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
  /** Plays whose first `SNAP_SEC` (the snap, the serve) is not kept, though the rest may be. */
  snapsLost: number;
}

/** A play's opening seconds, the moment a coach watches first. */
export const SNAP_SEC = 0.5;

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
  let snapsLost = 0;
  for (const play of live) {
    const kept = intersectionLength([play], keptN);
    if (kept < 0.9 * (play.end - play.start)) playsDropped++;
    const snap = { start: play.start, end: Math.min(play.end, play.start + SNAP_SEC) };
    if (intersectionLength([snap], keptN) < 0.8 * (snap.end - snap.start)) snapsLost++;
  }
  return {
    liveSec: totalLength(liveN),
    liveKeptSec: intersectionLength(liveN, keptN),
    deadSec,
    deadRemovedSec: deadSec - intersectionLength(dead, keptN),
    plays: live.length,
    playsDropped,
    snapsLost,
  };
}

/** Scores of several films added up. */
export function sumScores(scores: readonly SegmentScore[]): SegmentScore {
  const total: SegmentScore = {
    liveSec: 0,
    liveKeptSec: 0,
    deadSec: 0,
    deadRemovedSec: 0,
    plays: 0,
    playsDropped: 0,
    snapsLost: 0,
  };
  for (const s of scores)
    for (const k of Object.keys(total) as (keyof SegmentScore)[]) total[k] += s[k];
  return total;
}
