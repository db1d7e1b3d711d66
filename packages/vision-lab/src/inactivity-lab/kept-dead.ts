import { normaliseSegments, totalLength, type Segment } from '@filmroom/vision/media';
import { countedDeadTime, intersectionLength } from '@filmroom/vision/inactivity';

/** A stretch of a generated film's timeline: live play or one dead-time habit. */
export interface HabitStretch {
  kind: string;
  start: number;
  end: number;
}

/**
 * Where the dead time a decoding keeps lies (only dead time the score counts: outside the allowance
 * around each play). Kept segments that hold no play are false plays; the rest is a real play's
 * segment reaching past its allowance. On generated films, also which dead-time habit it was.
 */
export interface KeptDeadTime {
  countedSec: number;
  /** Kept inside segments that hold no live play. */
  inFalsePlaysSec: number;
  /** Kept inside segments that also hold live play. */
  aroundPlaysSec: number;
  /** Per habit (generated films): counted dead seconds and how many of them were kept. */
  byHabit: Map<string, { countedSec: number; keptSec: number }>;
}

export function keptDeadTime(
  kept: readonly Segment[],
  live: readonly Segment[],
  durationSec: number,
  stretches: readonly HabitStretch[] = [],
): KeptDeadTime {
  const keptN = normaliseSegments(kept, durationSec);
  const liveN = normaliseSegments(live, durationSec);
  const dead = countedDeadTime(liveN, durationSec);
  const falsePlays = keptN.filter((s) => intersectionLength([s], liveN) === 0);
  const aroundPlays = keptN.filter((s) => !falsePlays.includes(s));
  const byHabit = new Map<string, { countedSec: number; keptSec: number }>();
  for (const stretch of stretches) {
    if (stretch.kind === 'live') continue;
    const counted = dead.filter((d) => d.end > stretch.start && d.start < stretch.end);
    const clipped = counted.map((d) => ({
      start: Math.max(d.start, stretch.start),
      end: Math.min(d.end, stretch.end),
    }));
    const entry = byHabit.get(stretch.kind) ?? { countedSec: 0, keptSec: 0 };
    entry.countedSec += totalLength(clipped);
    entry.keptSec += intersectionLength(clipped, keptN);
    byHabit.set(stretch.kind, entry);
  }
  return {
    countedSec: totalLength(dead),
    inFalsePlaysSec: intersectionLength(dead, falsePlays),
    aroundPlaysSec: intersectionLength(dead, aroundPlays),
    byHabit,
  };
}

/** Adds up the breakdowns of several films. */
export function sumKeptDeadTime(parts: readonly KeptDeadTime[]): KeptDeadTime {
  const total: KeptDeadTime = {
    countedSec: 0,
    inFalsePlaysSec: 0,
    aroundPlaysSec: 0,
    byHabit: new Map(),
  };
  for (const part of parts) {
    total.countedSec += part.countedSec;
    total.inFalsePlaysSec += part.inFalsePlaysSec;
    total.aroundPlaysSec += part.aroundPlaysSec;
    for (const [kind, { countedSec, keptSec }] of part.byHabit) {
      const entry = total.byHabit.get(kind) ?? { countedSec: 0, keptSec: 0 };
      entry.countedSec += countedSec;
      entry.keptSec += keptSec;
      total.byHabit.set(kind, entry);
    }
  }
  return total;
}
