import type { Box } from '../../perception/detector/types.js';
import type { TimeRange } from './tracking-types.js';

/** Where the picture sat on the (panning) field at each analysed frame. */
export interface PictureTimeline {
  /** Analysed frame size, pixels. */
  width: number;
  height: number;
  /**
   * [timeSec, cameraX, cameraY] per analysed frame, in time order (a box plus its frame's camera
   * offset is its place on the field). A jump in time marks a span that was not analysed.
   */
  frames: [number, number, number][];
}

/** One sampled position of a player, in analysis-frame pixels. */
export interface Sighting {
  timeSec: number;
  box: Box;
  /** The camera offset of that frame. */
  offset: readonly [number, number];
}

export interface AppearanceOptions {
  sampleIntervalSec: number;
  durationSec: number;
  picture: PictureTimeline;
  /** Longest gap bridged even when the player stayed in the picture (a cut or a substitution). */
  maxHiddenSec?: number;
}

/** Two analysed frames further apart than this many sample intervals have a span between them
 * that was not analysed (dead time left out, or the end of the footage). */
const JUMP_INTERVALS = 1.5;

/**
 * Times of the first and the last frame of each analysed span: a track starting or ending there
 * was cut by the footage, not by losing the player.
 */
export function spanEdgeTimes(picture: PictureTimeline, sampleIntervalSec: number): Set<number> {
  const { frames } = picture;
  const edges = new Set<number>();
  frames.forEach(([t], i) => {
    const previous = frames[i - 1];
    const next = frames[i + 1];
    if (!previous || t - previous[0] > JUMP_INTERVALS * sampleIntervalSec) edges.add(t);
    if (!next || next[0] - t > JUMP_INTERVALS * sampleIntervalSec) edges.add(t);
  });
  return edges;
}

/** A box this close to the picture's border (share of its width) may be leaving it. */
const BORDER_SHARE = 0.1;

/** Index of the first timeline frame after `t`. */
function firstFrameAfter(frames: PictureTimeline['frames'], t: number): number {
  let lo = 0;
  let hi = frames.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (frames[mid]![0] <= t + 1e-6) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Whether a player seen at `a` and again at `b` was in the picture all along, only hidden or missed
 * by the detector: every frame between was analysed, and the player's place on the field, moving
 * evenly from `a` to `b`, stays clear of the picture's border in each of those frames (a player
 * who walked out at an edge, or whom the camera panned away from, was not on screen).
 */
function stayedInPicture(a: Sighting, b: Sighting, o: Required<AppearanceOptions>): boolean {
  const gap = b.timeSec - a.timeSec;
  if (gap > o.maxHiddenSec) return false;
  const { frames, width, height } = o.picture;
  const [ax, ay, aw, ah] = a.box;
  const [bx, by, bw, bh] = b.box;
  const inside = (x: number, y: number, w: number, h: number): boolean => {
    const m = BORDER_SHARE * w;
    return x >= m && y >= m && x + w <= width - m && y + h <= height - m;
  };
  if (!inside(ax, ay, aw, ah) || !inside(bx, by, bw, bh)) return false;
  let previous = a.timeSec;
  for (let i = firstFrameAfter(frames, a.timeSec); i < frames.length; i++) {
    const [t, cx, cy] = frames[i]!;
    if (t - previous > JUMP_INTERVALS * o.sampleIntervalSec) return false;
    if (t >= b.timeSec - 1e-6) return true;
    previous = t;
    const k = (t - a.timeSec) / gap;
    const lerp = (p: number, q: number): number => p + (q - p) * k;
    const w = lerp(aw, bw);
    const h = lerp(ah, bh);
    const x = lerp(ax + a.offset[0], bx + b.offset[0]) - cx;
    const y = lerp(ay + a.offset[1], by + b.offset[1]) - cy;
    if (!inside(x, y, w, h)) return false;
  }
  return false;
}

/**
 * Turns the sightings of a player into on-screen ranges. Sightings in consecutive samples join; a
 * longer gap joins when the player stayed in the picture (hidden behind others or missed, not
 * gone). Each range is widened by half a sample interval on both sides; overlapping ranges merge.
 */
export function appearancesFromSightings(
  sightings: readonly Sighting[],
  options: AppearanceOptions,
): TimeRange[] {
  const o: Required<AppearanceOptions> = { maxHiddenSec: 8, ...options };
  const sorted = [...sightings].sort((a, b) => a.timeSec - b.timeSec);
  const ranges: TimeRange[] = [];
  sorted.forEach((s, i) => {
    const last = ranges[ranges.length - 1];
    const before = sorted[i - 1];
    const consecutive =
      before && s.timeSec - before.timeSec <= JUMP_INTERVALS * o.sampleIntervalSec;
    if (last && before && (consecutive || stayedInPicture(before, s, o))) last.end = s.timeSec;
    else ranges.push({ start: s.timeSec, end: s.timeSec });
  });
  const half = o.sampleIntervalSec / 2;
  return mergeRanges(
    ranges.map((r) => ({
      start: Math.max(0, r.start - half),
      end: Math.min(o.durationSec, r.end + half),
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
