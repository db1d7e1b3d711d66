import { normaliseSegments, type Segment } from './segments.js';

/** One piece of the output: copied packet for packet, or decoded and encoded again. */
export interface RenderPiece {
  mode: 'copy' | 'encode';
  start: number;
  end: number;
}

/**
 * Plans pieces so that almost everything is stream-copied. A copy must start on a keyframe, so a
 * segment whose preceding keyframe lies within `maxSnapSec` starts there (it only gains lead-in);
 * otherwise the stretch up to the next keyframe is encoded and the rest copied.
 */
export function planRenderPieces(
  segments: readonly Segment[],
  keyframes: readonly number[],
  durationSec: number,
  maxSnapSec: number,
): RenderPiece[] {
  const snapped = segments.map((s) => {
    const before = lastAtOrBefore(keyframes, s.start + 1e-3);
    return before !== undefined && s.start - before <= maxSnapSec
      ? { start: before, end: s.end }
      : s;
  });
  const pieces: RenderPiece[] = [];
  for (const s of normaliseSegments(snapped, durationSec)) {
    const onKeyframe = keyframes.some((k) => Math.abs(k - s.start) < 1e-3);
    if (onKeyframe) {
      pieces.push({ mode: 'copy', start: s.start, end: s.end });
      continue;
    }
    const next = firstAfter(keyframes, s.start);
    if (next === undefined || next >= s.end - 0.05) {
      pieces.push({ mode: 'encode', start: s.start, end: s.end });
    } else {
      pieces.push({ mode: 'encode', start: s.start, end: next });
      pieces.push({ mode: 'copy', start: next, end: s.end });
    }
  }
  return pieces;
}

function lastAtOrBefore(sorted: readonly number[], t: number): number | undefined {
  let lo = 0;
  let hi = sorted.length - 1;
  let found: number | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid]!;
    if (v <= t) {
      found = v;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

function firstAfter(sorted: readonly number[], t: number): number | undefined {
  let lo = 0;
  let hi = sorted.length - 1;
  let found: number | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = sorted[mid]!;
    if (v > t + 1e-3) {
      found = v;
      hi = mid - 1;
    } else lo = mid + 1;
  }
  return found;
}
