import type { Segment } from '@filmroom/vision/media';
import type { Random } from './random.js';
import type { SportProfile } from './sport-profile.js';

/** What the film shows over one stretch of time. */
export type PhaseKind = 'live' | 'dead' | 'timeout';

export interface Phase {
  kind: PhaseKind;
  start: number;
  end: number;
}

/** A hard cut to another shot (a crowd close-up), always inside dead time. */
export interface CrowdShot {
  start: number;
  end: number;
}

export interface Timeline {
  durationSec: number;
  phases: Phase[];
  live: Segment[];
  crowdShots: CrowdShot[];
  /** Angle changes (hard cuts to a tighter framing) during play, broadcast only. */
  angleCuts: number[];
  /** Slow-motion re-runs of play shown between two cuts in dead time, broadcast only. */
  replays: Segment[];
}

/** Lays out alternating dead and live stretches (dead first and last) for a sport. */
export function buildTimeline(profile: SportProfile, durationSec: number, rng: Random): Timeline {
  const phases: Phase[] = [];
  let t = 0;
  const lead = rng.between(6, 12);
  phases.push({ kind: 'dead', start: 0, end: lead });
  t = lead;
  for (;;) {
    const live = rng.between(profile.liveSec[0], profile.liveSec[1]);
    const isTimeout = rng.chance(profile.timeoutChance);
    const dead = isTimeout
      ? rng.between(profile.timeoutSec[0], profile.timeoutSec[1])
      : rng.between(profile.deadSec[0], profile.deadSec[1]);
    if (t + live + Math.min(dead, 8) > durationSec) break;
    phases.push({ kind: 'live', start: t, end: t + live });
    t += live;
    const end = Math.min(durationSec, t + dead);
    phases.push({ kind: isTimeout ? 'timeout' : 'dead', start: t, end });
    t = end;
    if (t >= durationSec - 0.01) break;
  }
  const last = phases[phases.length - 1]!;
  if (last.end < durationSec) last.end = durationSec;
  const crowdShots: CrowdShot[] = [];
  const angleCuts: number[] = [];
  const replays: Segment[] = [];
  if (profile.broadcast) {
    for (const p of phases) {
      const len = p.end - p.start;
      let free = p.start;
      if (p.kind !== 'live' && p.start > 0 && len > 16 && rng.chance(0.6)) {
        const start = p.start + rng.between(3, 4.5);
        const end = Math.min(start + rng.between(5, 8), p.end - 5);
        replays.push({ start, end });
        free = end + 1;
      }
      if (p.kind !== 'live' && p.end - free > 12 && rng.chance(0.6)) {
        const start = free + rng.between(3.5, p.end - free - 8);
        crowdShots.push({ start, end: start + rng.between(3, Math.min(6, p.end - start - 3)) });
      }
      if (p.kind === 'live' && len > 25 && rng.chance(0.7)) {
        angleCuts.push(p.start + rng.between(8, len - 8));
      }
    }
  }
  return {
    durationSec,
    phases,
    live: phases.filter((p) => p.kind === 'live').map((p) => ({ start: p.start, end: p.end })),
    crowdShots,
    angleCuts,
    replays,
  };
}

export function phaseAt(timeline: Timeline, t: number): Phase {
  for (const p of timeline.phases) if (t < p.end) return p;
  return timeline.phases[timeline.phases.length - 1]!;
}
