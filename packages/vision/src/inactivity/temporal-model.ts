import { normaliseSegments, type Segment } from '../media/segments.js';
import type { FilmFeatures } from './film-features.js';

/** Tuning of the live-play decision; every field has a measured default (docs/decisions/0005). */
export interface TemporalOptions {
  /** Smoothed field motion that starts a play. */
  enterMotion: number;
  /** Smoothed field motion that keeps a play going. */
  stayMotion: number;
  /** A play continues through quieter moments shorter than this (s). */
  holdSec: number;
  /** Plays with less time above enterMotion than this are dropped as noise (s). */
  minPlaySec: number;
  /** Padding added before and after every play (s). */
  padBeforeSec: number;
  padAfterSec: number;
  /**
   * The film's own quiet level: this percentile of smoothed motion, capped so that a film that is
   * nearly all play cannot lift the thresholds above its play. Thresholds scale with it.
   */
  floorPercentile: number;
  floorCap: number;
  enterOverFloor: number;
  stayOverFloor: number;
  /**
   * Play motion scales with how big players look (zoom, sport): the film's busiest moments (this
   * percentile) set a second bar, enterOverPeak of it, so walking in a close-up is not play.
   */
  peakPercentile: number;
  enterOverPeak: number;
  peakCap: number;
  /**
   * Broadcast replays: motion that starts at one cut and stops at another, lasts at most
   * replayMaxSec and comes within replayAfterPlaySec of the end of a play is a replay, not play.
   */
  replayMaxSec: number;
  replayAfterPlaySec: number;
  /** Share of a frame's audio windows that must be whistle-like to count as a whistle. */
  whistleShare: number;
  /** After a whistle, motion must stay above enterMotion this long for play to be still on (s). */
  whistleGraceSec: number;
}

export const DEFAULT_TEMPORAL_OPTIONS: TemporalOptions = {
  enterMotion: 0.006,
  stayMotion: 0.0025,
  holdSec: 1.6,
  minPlaySec: 1,
  padBeforeSec: 1,
  padAfterSec: 2,
  whistleShare: 0.4,
  whistleGraceSec: 3,
  floorPercentile: 0.15,
  floorCap: 0.004,
  enterOverFloor: 3,
  stayOverFloor: 1.6,
  replayMaxSec: 20,
  replayAfterPlaySec: 30,
  peakPercentile: 0.95,
  enterOverPeak: 0.25,
  peakCap: 0.08,
};

/** The motion level of the film's quiet moments (see TemporalOptions.floorPercentile). */
export function motionFloor(motion: Float32Array, options: TemporalOptions): number {
  return Math.min(options.floorCap, percentile(motion, options.floorPercentile));
}

/** The motion level of the film's busiest moments (see TemporalOptions.peakPercentile). */
export function motionPeak(motion: Float32Array, options: TemporalOptions): number {
  return Math.min(options.peakCap, percentile(motion, options.peakPercentile));
}

function percentile(values: Float32Array, q: number): number {
  if (values.length === 0) return 0;
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
}

/**
 * Frames where the shot changes: the picture changed wholesale, or (a cut to a tighter view of the
 * same field) colours shifted while the camera model failed or motion spiked for that one frame.
 */
export function findCuts(features: FilmFeatures): Uint8Array {
  const { fieldMotion: m, frameChange, histogramChange, cameraFit } = features;
  const cuts = new Uint8Array(features.count);
  for (let i = 1; i < features.count; i++) {
    const hist = histogramChange[i]!;
    const around = Math.max(m[i - 1]!, i + 1 < features.count ? m[i + 1]! : 0);
    const spike = m[i]! > 0.01 && m[i]! > 3 * around;
    // Compensation failing on one frame only, with some colour shift, is a cut as well.
    const strongSpike = m[i]! > 0.03 && m[i]! > 6 * around && hist > 0.05;
    const shotChange = hist > 0.1 && (spike || cameraFit[i]! < 0.45);
    if (frameChange[i]! > 0.3 || hist > 0.45 || shotChange || strongSpike) cuts[i] = 1;
  }
  return cuts;
}

/** Field motion with cut frames bridged and one-frame spikes removed (running median of 5). */
export function smoothMotion(features: FilmFeatures, cuts: Uint8Array): Float32Array {
  const n = features.count;
  const raw = new Float32Array(n);
  for (let i = 0; i < n; i++)
    raw[i] = cuts[i] ? (i > 0 ? raw[i - 1]! : 0) : features.fieldMotion[i]!;
  const out = new Float32Array(n);
  const window: number[] = [];
  for (let i = 0; i < n; i++) {
    window.length = 0;
    for (let k = Math.max(0, i - 2); k <= Math.min(n - 1, i + 2); k++) window.push(raw[k]!);
    window.sort((a, b) => a - b);
    out[i] = window[window.length >> 1]!;
  }
  return out;
}

/** Times (s) where a referee's whistle sounds: runs of whistle-like audio frames. */
export function findWhistles(features: FilmFeatures, share: number): number[] {
  const times: number[] = [];
  let inRun = false;
  for (let i = 0; i < features.count; i++) {
    const on = features.whistle[i]! >= share;
    if (on && !inRun) times.push(i / features.fps);
    inRun = on;
  }
  return times;
}

/**
 * Turns per-frame signals into live-play segments: hysteresis on camera-compensated field motion,
 * a hold through short lulls, whistles that end a play once motion dies down, then padding.
 */
export function findLiveSegments(
  features: FilmFeatures,
  durationSec: number,
  options: TemporalOptions = DEFAULT_TEMPORAL_OPTIONS,
): Segment[] {
  const { fps } = features;
  const cuts = findCuts(features);
  const motion = smoothMotion(features, cuts);
  const whistles = findWhistles(features, options.whistleShare);
  const floor = motionFloor(motion, options);
  const peak = motionPeak(motion, options);
  const enter = Math.max(
    options.enterMotion,
    floor * options.enterOverFloor,
    peak * options.enterOverPeak,
  );
  const stay = Math.max(options.stayMotion, floor * options.stayOverFloor);
  const holdFrames = Math.round(options.holdSec * fps);
  const graceFrames = Math.round(options.whistleGraceSec * fps);
  const plays: Play[] = [];
  let current: {
    start: number;
    lastActive: number;
    active: number;
    whistle: number | null;
    firstStrong: number;
    lastStrong: number;
  } | null = null;
  let w = 0;
  for (let i = 0; i < features.count; i++) {
    const m = motion[i]!;
    if (!current) {
      if (m >= enter) {
        // The play began when motion first rose above the quiet level, a little before.
        let start = i;
        const earliest = Math.max(0, i - Math.round(options.holdSec * fps));
        // ...but not before the shot that shows it.
        while (start > earliest && motion[start - 1]! >= stay && !cuts[start]) start--;
        if (plays.length > 0) start = Math.max(start, plays[plays.length - 1]!.end);
        current = { start, lastActive: i, active: 1, whistle: null, firstStrong: i, lastStrong: i };
      }
      continue;
    }
    while (w < whistles.length && whistles[w]! * fps < current.start) w++;
    if (w < whistles.length && whistles[w]! * fps <= i && current.whistle === null) {
      current.whistle = Math.round(whistles[w]! * fps);
      w++;
    }
    if (m >= stay) current.lastActive = i;
    if (m >= enter) {
      current.active++;
      current.lastStrong = i;
    }
    // A whistle ends the play unless the action carries on well past it.
    if (current.whistle !== null) {
      let strongSince = current.whistle;
      for (let k = current.whistle; k <= i; k++) if (motion[k]! < enter) strongSince = k + 1;
      if (i - strongSince >= graceFrames) {
        current.whistle = null;
      } else if (m < enter && i - current.whistle >= Math.round(fps * 0.5)) {
        plays.push({ ...current, end: Math.max(current.whistle, current.start + 1) });
        current = null;
        continue;
      }
    }
    if (i - current.lastActive > holdFrames) {
      plays.push({ ...current, end: current.lastActive + 1 });
      current = null;
    }
  }
  if (current) plays.push({ ...current, end: current.lastActive + 1 });
  const minActive = options.minPlaySec * fps;
  // Plays that follow each other closely form one stretch of action; a replay is judged as a whole.
  const groups: (typeof plays)[] = [];
  for (const play of plays) {
    if (play.active < minActive) continue;
    const group = groups[groups.length - 1];
    const last = group?.[group.length - 1];
    if (group && last && play.start - last.end <= holdFrames) group.push(play);
    else groups.push([play]);
  }
  const kept: Play[] = [];
  for (const group of groups) {
    const firstStrong = Math.min(...group.map((p) => p.firstStrong));
    const lastStrong = Math.max(...group.map((p) => p.lastStrong));
    const previous = kept[kept.length - 1];
    if (previous && isReplay(firstStrong, lastStrong, previous.end, cuts, fps, options)) continue;
    kept.push(...group);
  }
  const padded = kept.map((p) => ({
    start: p.start / fps - options.padBeforeSec,
    end: p.end / fps + options.padAfterSec,
  }));
  return normaliseSegments(padded, durationSec);
}

interface Play {
  start: number;
  end: number;
  /** Frames above the enter level, and the first and last of them. */
  active: number;
  firstStrong: number;
  lastStrong: number;
}

/**
 * Whether strong motion from frame firstStrong to lastStrong is a replay: it begins with a cut,
 * stops by the next cut (within replayMaxSec), and comes soon after the previous play.
 */
function isReplay(
  firstStrong: number,
  lastStrong: number,
  previousEnd: number,
  cuts: Uint8Array,
  fps: number,
  options: TemporalOptions,
): boolean {
  let opening = -1;
  const from = Math.max(0, firstStrong - Math.round(2 * fps));
  for (let i = Math.min(cuts.length - 1, firstStrong + fps); i >= from; i--) {
    if (cuts[i]) {
      opening = i;
      break;
    }
  }
  if (opening < 0 || opening - previousEnd > options.replayAfterPlaySec * fps) return false;
  let closing = -1;
  const to = Math.min(cuts.length - 1, opening + Math.round(options.replayMaxSec * fps));
  for (let i = opening + 1; i <= to; i++) {
    if (cuts[i]) {
      closing = i;
      break;
    }
  }
  return closing > 0 && lastStrong <= closing + Math.round(0.6 * fps);
}
