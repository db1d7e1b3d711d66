/** A time interval of a video, in seconds from its start. */
export interface Segment {
  start: number;
  end: number;
}

/** Sorts, clamps to [0, durationSec], merges overlapping or touching intervals, drops empty ones. */
export function normaliseSegments(
  segments: readonly Segment[],
  durationSec: number,
  minLengthSec = 0.04,
): Segment[] {
  const clamped = segments
    .map((s) => ({ start: Math.max(0, s.start), end: Math.min(durationSec, s.end) }))
    .filter(
      (s) => Number.isFinite(s.start) && Number.isFinite(s.end) && s.end - s.start >= minLengthSec,
    )
    .sort((a, b) => a.start - b.start);
  const merged: Segment[] = [];
  for (const s of clamped) {
    const last = merged[merged.length - 1];
    if (last && s.start <= last.end + 1e-6) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return merged;
}

export function totalLength(segments: readonly Segment[]): number {
  return segments.reduce((sum, s) => sum + (s.end - s.start), 0);
}
