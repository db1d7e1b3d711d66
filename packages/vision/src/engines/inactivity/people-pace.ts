import type { Box } from '../../perception/detector/types.js';
import { greedyMatch } from '../../perception/tracker/greedy-match.js';

/** The camera's motion between two analysis frames: shift in frame heights and relative zoom. */
export interface CameraStep {
  panX: number;
  panY: number;
  zoom: number;
}

/**
 * Where a point seen before the steps appears after them, in frame heights from the frame's centre
 * (the analysis maps each pixel to where it was: x_before = x + pan + zoom * x).
 */
export function followCamera(u: number, v: number, steps: readonly CameraStep[]): [number, number] {
  for (const s of steps) {
    u = (u - s.panX) / (1 + s.zoom);
    v = (v - s.panY) / (1 + s.zoom);
  }
  return [u, v];
}

interface Foot {
  u: number;
  v: number;
  h: number;
}

function feet(boxes: readonly Box[], width: number, height: number): Foot[] {
  return boxes.map(([x, y, w, h]) => ({
    u: (x + w / 2 - width / 2) / height,
    v: (y + h - height / 2) / height,
    h: h / height,
  }));
}

/**
 * Speeds (own body heights per second) of the people found in both frames, once the camera's
 * motion is undone. Each person of the later frame is paired with the nearest earlier one of about
 * the same size within `reachHeights` of its heights, closest pairs first. The tallest fifth of the
 * later frame (nearest the camera: sideline people, officials) is left out.
 */
export function matchPace(
  before: readonly Box[],
  after: readonly Box[],
  dtSec: number,
  frame: { width: number; height: number },
  steps: readonly CameraStep[],
  reachHeights = 1.5,
): number[] {
  const prev = feet(before, frame.width, frame.height).map((p) => {
    const [u, v] = followCamera(p.u, p.v, steps);
    return { u, v, h: p.h };
  });
  const sorted = feet(after, frame.width, frame.height).sort((a, b) => a.h - b.h);
  const people = sorted.slice(0, sorted.length - Math.floor(sorted.length / 5));
  // distance in the later person's heights; pairs too far apart or of another size cannot match
  const costs = people.map((p) =>
    prev.map((q) => {
      const d = Math.hypot(p.u - q.u, p.v - q.v);
      return d < reachHeights * p.h && Math.abs(q.h - p.h) < 0.35 * p.h ? d / p.h : Infinity;
    }),
  );
  const speeds = greedyMatch(costs, Number.MAX_VALUE).map(([i, j]) => costs[i]![j]! / dtSec);
  return speeds.sort((a, b) => a - b);
}

/** How many people run between two frames: a count per later frame, at its time (s). */
export interface RunnerCount {
  timeSec: number;
  runners: number;
}

/**
 * Stretches during which at least `minRunners` people run, a single quieter sample bridged, kept
 * when they last at least `minSec`. Each starts one sample before its first count (the pair's
 * earlier frame) and ends at its last.
 */
export function runningStretches(
  counts: readonly RunnerCount[],
  minRunners: number,
  minSec: number,
  stepSec: number,
): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let start: number | null = null;
  let last = 0;
  let quiet = 0;
  const close = (): void => {
    if (start !== null && last - start >= minSec) out.push({ start, end: last });
    start = null;
  };
  for (const { timeSec, runners } of counts) {
    if (runners >= minRunners) {
      if (start === null) start = timeSec - stepSec;
      last = timeSec;
      quiet = 0;
    } else if (start !== null && ++quiet > 1) {
      close();
      quiet = 0;
    }
  }
  close();
  return out;
}
