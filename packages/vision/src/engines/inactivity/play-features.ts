import {
  FEATURE_COLUMNS,
  PLANAR_UNMEASURED,
  type FeatureColumn,
  type FilmFeatures,
} from './film-features.js';
import { findCuts } from './cuts.js';

/**
 * What a feature says, in words, for the explanation of each kept segment. Features of one group
 * add up to one reason.
 */
export const REASONS = {
  motion: 'the field moved more than in the quiet moments of its shot (a short shot: the film)',
  people: 'many people on the field moved at once',
  speed: 'people on the field moved fast (after undoing the camera)',
  spread: 'the movement spread across the field',
  onset: 'movement burst out of stillness (a snap, a serve, a kick)',
  camera: 'the camera followed the action',
  whistle: 'a whistle',
  sound: 'the crowd got louder',
  view: 'the picture shows the field',
} as const;
export type ReasonGroup = keyof typeof REASONS;

export interface FeatureMatrix {
  /** Row-major: count rows of FEATURE_NAMES.length values. */
  values: Float32Array;
  count: number;
  /** Frames where the shot changed (bridged in every feature). */
  cuts: Uint8Array;
  /**
   * People moving after the camera is undone with a homography, frame by frame (±0.4 s): the log of
   * the moving area in units of the frame's own median moving blob, blobs far taller than it
   * (someone near the camera) left out. Not a model feature: it places a play's start at the burst
   * out of stillness (play-onset.ts).
   */
  players: Float32Array;
  /** Share of the frames within a second either side where a playing field was seen (0..1). */
  fieldSeen: Float32Array;
  /**
   * Share of the frames within a second either side that are not shot changes (0..1): where the
   * picture changes wholesale on most frames (the camera swung away) every feature is bridged, so
   * nothing is measured there.
   */
  steady: Float32Array;
  /** Each frame's colour histogram (FilmFeatures.colours), to tell a broadcast's cutaways (shots.ts). */
  colours: Uint8Array;
  /** How near each picture is to one shown before, and to the frame before (FilmFeatures), to tell a replay (shots.ts). */
  repeatDistance: Float32Array;
  pictureChange: Float32Array;
}

export const FEATURE_NAMES: { name: string; group: ReasonGroup }[] = [];
const base = ['motion', 'people', 'speed', 'movers', 'spread', 'pan'] as const;
const baseGroup: Record<(typeof base)[number], ReasonGroup> = {
  motion: 'motion',
  people: 'people',
  speed: 'speed',
  movers: 'people',
  spread: 'spread',
  pan: 'camera',
};
for (const b of base) {
  FEATURE_NAMES.push({ name: `${b}.now`, group: baseGroup[b] });
  FEATURE_NAMES.push({ name: `${b}.around`, group: baseGroup[b] });
  FEATURE_NAMES.push({ name: `${b}.rise`, group: 'onset' });
  FEATURE_NAMES.push({ name: `${b}.long`, group: baseGroup[b] });
}
FEATURE_NAMES.push(
  { name: 'motion.overQuiet', group: 'motion' },
  { name: 'motion.overMedian', group: 'motion' },
  { name: 'motion.rank', group: 'motion' },
  { name: 'people.overQuiet', group: 'people' },
  { name: 'whistle.before', group: 'whistle' },
  { name: 'whistle.after', group: 'whistle' },
  { name: 'sound.loud', group: 'sound' },
  { name: 'sound.present', group: 'sound' },
  { name: 'view.field', group: 'view' },
);

const EPS = 1e-4;
/** Smallest blob height (share of the frame's height) the planar motion is measured against. */
const PLANAR_MIN_BLOB = 0.011;
/**
 * A frame shows a playing field when the field region fills at least this share of it and spans at
 * least this share of its width (a field runs across the picture; one bar of a test pattern or a
 * green banner does not).
 */
const FIELD_SEEN_SHARE = 0.05;
const FIELD_SEEN_WIDTH = 0.4;

/** Running mean over [i + from, i + to] (clamped to the film), via prefix sums. */
function windowMean(x: Float32Array, from: number, to: number): Float32Array {
  const n = x.length;
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + x[i]!;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, Math.min(n, i + from));
    const b = Math.max(0, Math.min(n, i + to + 1));
    out[i] = b > a ? (prefix[b]! - prefix[a]!) / (b - a) : x[Math.min(n - 1, Math.max(0, i))]!;
  }
  return out;
}

/** The value at share `q` of the sorted values (0 for none). */
export function quantile(x: ArrayLike<number>, q: number): number {
  if (x.length === 0) return 0;
  const sorted = Float64Array.from(x as ArrayLike<number>).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Running median of the positive values within ±half frames (0 when none). */
function runningPositiveMedian(x: Float32Array, half: number): Float32Array {
  const n = x.length;
  const out = new Float32Array(n);
  // Coarse steps keep this linear-ish: recompute every few frames.
  const step = 5;
  for (let i = 0; i < n; i += step) {
    const vals: number[] = [];
    for (let k = Math.max(0, i - half); k <= Math.min(n - 1, i + half); k++)
      if (x[k]! > 0) vals.push(x[k]!);
    vals.sort((a, b) => a - b);
    const v = vals.length > 0 ? vals[vals.length >> 1]! : 0;
    for (let k = i; k < Math.min(n, i + step); k++) out[k] = v;
  }
  return out;
}

/**
 * For each frame, the frame whose planar motion stands for it: itself when measured, else the last
 * measured one before it (the first measured one at the film's start: nothing moved "into" the
 * first frame, and no burst out of stillness should be read there).
 */
function measuredPlanarFrames(f: FilmFeatures): Int32Array {
  const index = new Int32Array(f.count);
  let last = f.planarHeight.findIndex((v) => v !== PLANAR_UNMEASURED);
  if (last < 0) return index;
  for (let i = 0; i < f.count; i++) {
    if (f.planarHeight[i] !== PLANAR_UNMEASURED) last = i;
    index[i] = last;
  }
  return index;
}

/**
 * Columns that need nothing before the first frame (the sound), or that mark it unmeasured
 * themselves (the planar ones: `measuredPlanarFrames`).
 */
const MEASURED_AT_FIRST_FRAME: ReadonlySet<FeatureColumn> = new Set([
  'rmsDb',
  'whistle',
  'planarMoving',
  'planarHeight',
  'repeatDistance',
  'pictureChange',
]);

/**
 * The film with its first frame measured like the second. Nothing came before the first frame, so
 * its motion, people and field columns hold zeros that mean "not measured", not "nothing moved":
 * read as stillness, they make every film open with a burst of movement out of nothing. The sound
 * columns are measured there and are kept.
 */
function withFirstFrameMeasured(f: FilmFeatures): FilmFeatures {
  if (f.count < 2) return f;
  const out: FilmFeatures = { ...f };
  for (const column of FEATURE_COLUMNS) {
    if (MEASURED_AT_FIRST_FRAME.has(column)) continue;
    const copy = Float32Array.from(f[column]);
    copy[0] = copy[1]!;
    out[column] = copy;
  }
  return out;
}

/**
 * A shot at least this long (s) is judged against its own quiet level, median and ranks of movement.
 * A game film joined from phone clips holds clips of very different distance and light: against
 * the whole film a far goal-line play ranks among the quiet moments and is lost, while the same
 * clip on its own is found (0012). Shorter shots (broadcast cuts, a cutaway to the crowd) are too
 * short to hold both play and dead time and are judged against the film.
 */
const OWN_LEVEL_SHOT_SEC = 6;

/**
 * The frame spans [from, to) whose movement sets the film-relative features, in the order they are
 * applied: the whole film, then each shot of at least `minShot` frames on its own (a later span
 * overwrites an earlier one, so shorter shots keep the whole film's levels).
 */
function levelSpans(cuts: Uint8Array, minShot: number): [number, number][] {
  const n = cuts.length;
  const spans: [number, number][] = [[0, n]];
  let shotStart = 0;
  for (let i = 1; i <= n; i++) {
    if (i < n && !cuts[i]) continue;
    if (i - shotStart >= minShot && i - shotStart < n) spans.push([shotStart, i]);
    shotStart = i;
  }
  return spans;
}

/** Cut frames take their predecessor's value (a shot change is not movement). */
function bridged(x: Float32Array, cuts: Uint8Array): Float32Array {
  const out = Float32Array.from(x);
  for (let i = 1; i < out.length; i++) if (cuts[i]) out[i] = out[i - 1]!;
  return out;
}

/**
 * Per-frame features for the live-play model. Sizes are measured in people: moving area over the
 * square of the people's height and shifts in body heights, so a wide press-box view and a close
 * phone view give the same numbers for the same play. The film's own quiet level (a long shot's
 * own: `OWN_LEVEL_SHOT_SEC`) is a second scale.
 */
export function buildFeatureMatrix(film: FilmFeatures): FeatureMatrix {
  const f = withFirstFrameMeasured(film);
  const n = f.count;
  const fps = f.fps;
  const cuts = findCuts(f);
  const height = runningPositiveMedian(f.personHeight, Math.round(15 * fps));
  const filmHeight = quantile(
    Array.from(f.personHeight).filter((v) => v > 0),
    0.5,
  );
  const raw = {
    motion: new Float32Array(n),
    people: new Float32Array(n),
    speed: new Float32Array(n),
    movers: new Float32Array(n),
    spread: new Float32Array(n),
    pan: new Float32Array(n),
  };
  const planar = measuredPlanarFrames(f);
  const players = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const h = Math.max(0.01, height[i]! || filmHeight || 0.05);
    raw.motion[i] = Math.log(EPS + f.fieldMotion[i]!);
    raw.people[i] = Math.log(0.01 + f.movingShare[i]! / (h * h));
    // In units of the frame's own moving blobs, wide view or close.
    const k = planar[i]!;
    const blob = Math.max(PLANAR_MIN_BLOB, f.planarHeight[k]!);
    players[i] = Math.log(0.01 + f.planarMoving[k]! / (blob * blob));
    raw.speed[i] = Math.log(0.02 + f.shiftHigh[i]! / h);
    raw.movers[i] = Math.log(1 + f.movers[i]!);
    raw.spread[i] = f.spread[i]!;
    raw.pan[i] = Math.log(0.02 + Math.abs(f.panX[i]!) / h);
  }
  const second = Math.round(fps);
  const columns: Float32Array[] = [];
  for (const b of base) {
    const x = bridged(raw[b], cuts);
    const now = windowMean(x, -2, 2);
    const around = windowMean(x, -3 * second, 3 * second);
    const past = windowMean(x, -2 * second, -1);
    const future = windowMean(x, 0, 2 * second - 1);
    const rise = new Float32Array(n);
    for (let i = 0; i < n; i++) rise[i] = future[i]! - past[i]!;
    // Long plays (soccer, basketball) have quiet phases; ten seconds of context carries them.
    const long = windowMean(x, -5 * second, 5 * second);
    columns.push(now, around, rise, long);
  }
  const motionNow = columns[0]!;
  const peopleNow = columns[4]!;
  const rank = new Float32Array(n);
  const overQuiet = new Float32Array(n);
  const overMedian = new Float32Array(n);
  const peopleOverQuiet = new Float32Array(n);
  for (const [from, to] of levelSpans(cuts, Math.round(OWN_LEVEL_SHOT_SEC * fps))) {
    const motion = motionNow.subarray(from, to);
    const quiet = quantile(motion, 0.1);
    const median = quantile(motion, 0.5);
    const sorted = Float64Array.from(motion).sort();
    const peopleQuiet = quantile(peopleNow.subarray(from, to), 0.1);
    for (let i = from; i < to; i++) {
      overQuiet[i] = motionNow[i]! - quiet;
      overMedian[i] = motionNow[i]! - median;
      rank[i] = lowerBound(sorted, motionNow[i]!) / sorted.length;
      peopleOverQuiet[i] = peopleNow[i]! - peopleQuiet;
    }
  }
  columns.push(overQuiet, overMedian, rank, peopleOverQuiet);
  const whistle = new Float32Array(n);
  for (let i = 0; i < n; i++) whistle[i] = f.whistle[i]! >= 0.4 ? 1 : 0;
  const whistleBefore = windowMean(whistle, -2 * second, 0);
  const whistleAfter = windowMean(whistle, 1, 2 * second);
  const loudMedian = quantile(f.rmsDb, 0.5);
  const loud = new Float32Array(n);
  for (let i = 0; i < n; i++)
    loud[i] = f.hasAudio ? Math.max(-20, Math.min(20, f.rmsDb[i]! - loudMedian)) / 10 : 0;
  const soundPresent = new Float32Array(n).fill(f.hasAudio ? 1 : 0);
  columns.push(whistleBefore, whistleAfter, windowMean(loud, -second, second), soundPresent);
  columns.push(windowMean(bridged(f.fieldShare, cuts), -2, 2));
  const width = columns.length;
  const values = new Float32Array(n * width);
  for (let c = 0; c < width; c++) {
    const col = columns[c]!;
    for (let i = 0; i < n; i++) values[i * width + c] = col[i]!;
  }
  const seen = Float32Array.from(f.fieldShare, (v, i) =>
    v >= FIELD_SEEN_SHARE && f.fieldWidth[i]! >= FIELD_SEEN_WIDTH ? 1 : 0,
  );
  const still = Float32Array.from(cuts, (c) => (c ? 0 : 1));
  return {
    values,
    count: n,
    cuts,
    players: windowMean(bridged(players, cuts), -2, 2),
    fieldSeen: windowMean(seen, -second, second),
    steady: windowMean(still, -second, second),
    colours: f.colours,
    repeatDistance: f.repeatDistance,
    pictureChange: f.pictureChange,
  };
}

function lowerBound(sorted: Float64Array, v: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
