import type { Sighting } from './appearances.js';
import type { PathSample, TrackHistory } from './track-history.js';

/** A track's sampled positions as sightings (box and camera offset at each sample). */
export const sightingsOf = (r: TrackHistory): Sighting[] => {
  const offsets = r.offsets;
  return r.path.map(([timeSec, x, y, w, h], i) => ({
    timeSec,
    box: [x, y, w, h],
    offset: offsets[i] ?? [0, 0],
  }));
};

/** The median of a track's box heights, analysis pixels. */
export const medianHeight = (r: TrackHistory): number => {
  const h = r.path.map((p) => p[4]).sort((a, b) => a - b);
  return h[Math.floor(h.length / 2)] ?? 0;
};

/** Two tracks on screen at the same time. */
export const overlaps = (a: TrackHistory, b: TrackHistory): boolean =>
  a.firstSec < b.lastSec && b.firstSec < a.lastSec;

/** A path sample in source-video pixels (time rounded to the millisecond). */
export const toSourcePixels = (p: PathSample, scale: number): PathSample => [
  Math.round(p[0] * 1000) / 1000,
  Math.round(p[1] * scale),
  Math.round(p[2] * scale),
  Math.round(p[3] * scale),
  Math.round(p[4] * scale),
];
