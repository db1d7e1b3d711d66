import type { TimeRange } from './tracking-types.js';

/**
 * Longest gap between two sightings that still counts as on screen: a track lost and re-found (the
 * tracker keeps it 3 s) was most likely on screen, hidden or missed.
 */
export function appearanceMaxGapSec(sampleIntervalSec: number): number {
  return Math.max(3, sampleIntervalSec * 2.5);
}

/**
 * Turns the times a player was seen into on-screen ranges: samples closer than `maxGapSec` join,
 * each range is widened by half a sample interval on both sides, then overlapping ranges merge.
 */
export function appearancesFromTimes(
  times: readonly number[],
  sampleIntervalSec: number,
  maxGapSec: number,
  durationSec: number,
): TimeRange[] {
  const sorted = [...times].sort((a, b) => a - b);
  const ranges: TimeRange[] = [];
  for (const t of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && t - last.end <= maxGapSec) last.end = t;
    else ranges.push({ start: t, end: t });
  }
  const half = sampleIntervalSec / 2;
  return mergeRanges(
    ranges.map((r) => ({
      start: Math.max(0, r.start - half),
      end: Math.min(durationSec, r.end + half),
    })),
  );
}

/** Sorts and merges overlapping or touching ranges. */
export function mergeRanges(ranges: readonly TimeRange[], joinGapSec = 0): TimeRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const out: TimeRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end + joinGapSec) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out.map((r) => ({ start: round3(r.start), end: round3(r.end) }));
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
