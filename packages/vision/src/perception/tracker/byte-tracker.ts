import { boxIou } from '../detector/box-nms.js';
import type { Box } from '../detector/types.js';
import { greedyMatch } from './greedy-match.js';

/** A detection handed to the tracker; `colour` is an optional appearance cue (e.g. torso Lab). */
export interface TrackInput {
  box: Box;
  score: number;
  colour?: readonly number[];
}

export interface TrackerOptions {
  /** Detections at or above this start tracks and match first. */
  highScore?: number;
  /** Detections between lowScore and highScore only extend existing tracks (ByteTrack's second pass). */
  lowScore?: number;
  /** Seconds a lost track may be re-found before it ends. */
  maxLostSec?: number;
  /** Hits before a new track counts. */
  minHits?: number;
  /** Boxes are grown by this factor before IoU (expanded IoU copes with fast, non-linear motion). */
  expand?: number;
  /** Weight of the colour distance (Lab units / 100) in the matching cost. */
  colourWeight?: number;
  /**
   * Highest matching cost at which a track missed in the previous frame is re-found. Lower than for a
   * track seen then: a coasting prediction is a guess, and a lost track that grabs whoever passes
   * near it carries one player's number onto another (stitching joins true fragments later).
   */
  lostMaxCost?: number;
}

export interface TrackState {
  id: number;
  box: Box;
  /** Centre velocity (px/s) and size change (px/s). */
  velocity: [number, number, number, number];
  colour: number[] | null;
  hits: number;
  lastSeenSec: number;
  confirmed: boolean;
}

/** What happened to one input detection in one update. */
export interface TrackAssignment {
  trackId: number;
  detectionIndex: number;
}

function expandBox(b: Box, factor: number): Box {
  const [x, y, w, h] = b;
  const dw = (w * (factor - 1)) / 2;
  const dh = (h * (factor - 1)) / 2;
  return [x - dw, y - dh, w + 2 * dw, h + 2 * dh];
}

function colourDistance(
  a: readonly number[] | null | undefined,
  b: readonly number[] | null | undefined,
): number {
  if (!a || !b) return 0;
  let s = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) s += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2;
  return Math.sqrt(s);
}

/**
 * ByteTrack-style multi-object tracker for sparsely sampled frames: constant-velocity prediction,
 * camera-motion compensation (the caller passes the scene shift), two-pass association (confident
 * detections first, then weak ones for existing tracks only) on expanded IoU plus a colour cue.
 */
export class ByteTracker {
  private readonly tracks: TrackState[] = [];
  private nextId = 1;
  private lastTime: number | null = null;
  private readonly o: Required<TrackerOptions>;

  constructor(options: TrackerOptions = {}) {
    this.o = {
      highScore: options.highScore ?? 0.1,
      lowScore: options.lowScore ?? 0.04,
      maxLostSec: options.maxLostSec ?? 3,
      minHits: options.minHits ?? 2,
      expand: options.expand ?? 2,
      colourWeight: options.colourWeight ?? 0.8,
      lostMaxCost: options.lostMaxCost ?? 0.5,
    };
  }

  /** Live tracks (including lost ones still waiting to be re-found). */
  get active(): readonly TrackState[] {
    return this.tracks;
  }

  /**
   * Advances to `timeSec` with the detections of that frame. `shift` is how far the scene moved
   * (pixels) since the previous update. Returns which track each kept detection joined.
   */
  update(
    timeSec: number,
    detections: readonly TrackInput[],
    shift: { dx: number; dy: number } = { dx: 0, dy: 0 },
  ): {
    assignments: TrackAssignment[];
    ended: TrackState[];
  } {
    const dt = this.lastTime === null ? 0 : Math.max(0, timeSec - this.lastTime);
    this.lastTime = timeSec;
    const predicted = this.tracks.map((t): Box => {
      const [x, y, w, h] = t.box;
      const [vx, vy, vw, vh] = t.velocity;
      const nw = Math.max(4, w + vw * dt);
      const nh = Math.max(8, h + vh * dt);
      const cx = x + w / 2 + vx * dt + shift.dx;
      const cy = y + h / 2 + vy * dt + shift.dy;
      return [cx - nw / 2, cy - nh / 2, nw, nh];
    });
    const seenLastFrame = (t: TrackState): boolean => t.lastSeenSec >= timeSec - dt - 1e-6;
    const assignments: TrackAssignment[] = [];
    const matchedTracks = new Set<number>();
    const high = detections
      .map((d, i) => ({ d, i }))
      .filter(({ d }) => d.score >= this.o.highScore);
    const low = detections
      .map((d, i) => ({ d, i }))
      .filter(({ d }) => d.score >= this.o.lowScore && d.score < this.o.highScore);

    const associate = (
      pool: { d: TrackInput; i: number }[],
      trackIdx: number[],
      maxCost: number,
    ): number[] => {
      const costs = trackIdx.map((ti) => {
        const track = this.tracks[ti]!;
        const costCap = seenLastFrame(track) ? Infinity : this.o.lostMaxCost;
        return pool.map(({ d }) => {
          const iou = boxIou(
            expandBox(predicted[ti]!, this.o.expand),
            expandBox(d.box, this.o.expand),
          );
          if (iou <= 0.05) return Infinity;
          const cost =
            1 - iou + (this.o.colourWeight * colourDistance(track.colour, d.colour)) / 100;
          return cost > costCap ? Infinity : cost;
        });
      });
      const pairs = greedyMatch(costs, maxCost);
      const usedDetections: number[] = [];
      for (const [r, c] of pairs) {
        const ti = trackIdx[r]!;
        const { d, i } = pool[c]!;
        this.absorb(this.tracks[ti]!, d, timeSec, dt, shift);
        matchedTracks.add(ti);
        assignments.push({ trackId: this.tracks[ti]!.id, detectionIndex: i });
        usedDetections.push(c);
      }
      return usedDetections;
    };

    const all = this.tracks.map((_, i) => i);
    const usedHigh = new Set(associate(high, all, 0.9));
    const remaining = all.filter((i) => !matchedTracks.has(i) && seenLastFrame(this.tracks[i]!));
    associate(low, remaining, 0.8);

    for (let ti = 0; ti < this.tracks.length; ti++) {
      if (matchedTracks.has(ti)) continue;
      const t = this.tracks[ti]!;
      // unmatched: coast on the prediction
      t.box = predicted[ti]!;
      if (!t.confirmed) t.lastSeenSec = -Infinity;
    }
    high.forEach(({ d, i }, c) => {
      if (usedHigh.has(c)) return;
      const track: TrackState = {
        id: this.nextId++,
        box: d.box,
        velocity: [0, 0, 0, 0],
        colour: d.colour ? [...d.colour] : null,
        hits: 1,
        lastSeenSec: timeSec,
        confirmed: this.o.minHits <= 1,
      };
      this.tracks.push(track);
      assignments.push({ trackId: track.id, detectionIndex: i });
    });
    const ended: TrackState[] = [];
    for (let ti = this.tracks.length - 1; ti >= 0; ti--) {
      const t = this.tracks[ti]!;
      if (timeSec - t.lastSeenSec > this.o.maxLostSec) {
        ended.push(t);
        this.tracks.splice(ti, 1);
      }
    }
    return { assignments, ended };
  }

  /** Ends every live track (end of the video). */
  finish(): TrackState[] {
    return this.tracks.splice(0, this.tracks.length);
  }

  private absorb(
    track: TrackState,
    d: TrackInput,
    timeSec: number,
    dt: number,
    shift: { dx: number; dy: number },
  ): void {
    // velocity of the player on the ground: the displacement minus the camera's
    const [px, py, pw, ph] = [
      track.box[0] + shift.dx,
      track.box[1] + shift.dy,
      track.box[2],
      track.box[3],
    ];
    const [x, y, w, h] = d.box;
    if (dt > 0) {
      const gain = 0.5;
      const vx = (x + w / 2 - (px + pw / 2)) / dt;
      const vy = (y + h / 2 - (py + ph / 2)) / dt;
      const [ovx, ovy, ovw, ovh] = track.velocity;
      track.velocity = [
        ovx + gain * (vx - ovx),
        ovy + gain * (vy - ovy),
        ovw + gain * ((w - pw) / dt - ovw),
        ovh + gain * ((h - ph) / dt - ovh),
      ];
    }
    track.box = d.box;
    if (d.colour) {
      track.colour = track.colour
        ? track.colour.map((c, k) => 0.8 * c + 0.2 * (d.colour?.[k] ?? c))
        : [...d.colour];
    }
    track.hits += 1;
    track.lastSeenSec = timeSec;
    if (track.hits >= this.o.minHits) track.confirmed = true;
  }
}
