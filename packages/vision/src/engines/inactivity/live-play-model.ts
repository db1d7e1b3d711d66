import { FEATURE_NAMES, REASONS, type FeatureMatrix, type ReasonGroup } from './play-features.js';
import { playsThatStandOut } from './play-contrast.js';
import { quietMovement, startAtBurst } from './play-onset.js';
import { filmShots, markCutaways, markReplays, type Shot } from './shots.js';
import { COLOUR_BINS } from './tuning.js';

/**
 * A logistic model of "the ball is live" over the features of play-features.ts, with the decoding
 * levels chosen on the films it was trained on. Trained by the lab's
 * train-live-play-model.ts; its weights are data (live-play-weights.json).
 */
export interface LivePlayModel {
  featureNames: string[];
  mean: number[];
  std: number[];
  weights: number[];
  bias: number;
  /** Smoothed probability that starts a play, and the lower one that keeps it going. */
  enter: number;
  stay: number;
  /**
   * Lulls below `stay` shorter than this (s) do not end a play; chosen with the levels (absent in
   * older weights: DEFAULT_DECODE_OPTIONS.holdSec). Padding still joins plays closer than the two
   * paddings together.
   */
  holdSec?: number;
  /** What the model was trained on (for the record). */
  trainedOn: string;
}

/** One kept stretch of film and why. */
export interface LiveSegment {
  start: number;
  end: number;
  /** Mean probability of live play over the stretch before padding (0..1). */
  confidence: number;
  /** The strongest reasons, in words, strongest first. */
  decidedBy: string[];
  /** How its start and end were placed. */
  startedBy: string;
  endedBy: string;
}

export interface DecodeOptions {
  /** A play continues through quieter moments shorter than this (s). */
  holdSec: number;
  /** Plays with less time above the enter level are dropped (s). */
  minPlaySec: number;
  /** How far back a play's start may move to where the probability first rose (s). */
  backtrackSec: number;
  padBeforeSec: number;
  padAfterSec: number;
  /** Decode a long film with its own levels (`filmLevels`) rather than the model's alone. */
  ownLevels: boolean;
  /**
   * A play must rise above the film's quiet movement at least this share of what its plays
   * typically rise (play-contrast.ts); 0 keeps every play.
   */
  standOutShare: number;
}

export const DEFAULT_DECODE_OPTIONS: DecodeOptions = {
  holdSec: 2,
  minPlaySec: 0.8,
  backtrackSec: 0.6,
  padBeforeSec: 1.2,
  padAfterSec: 2.5,
  ownLevels: true,
  standOutShare: 0.55,
};

/** The decoding options for a model: the defaults, the model's own hold, then the caller's. */
export function decodeOptionsFor(
  model: Pick<LivePlayModel, 'holdSec'>,
  overrides: Partial<DecodeOptions> = {},
): DecodeOptions {
  return {
    ...DEFAULT_DECODE_OPTIONS,
    ...(model.holdSec !== undefined ? { holdSec: model.holdSec } : {}),
    ...overrides,
  };
}

/** Share of the frames around one that must show a playing field for play to be possible there. */
export const MIN_FIELD_SEEN = 0.5;
/**
 * Share of the frames around one that must not be shot changes for play to be possible there (the
 * same bar as the field's): while the camera swings away every feature is a bridged copy.
 */
export const MIN_STEADY = 0.5;

/** Probability of live play per frame, smoothed over about a second. */
export function liveProbabilities(matrix: FeatureMatrix, model: LivePlayModel): Float32Array {
  const columns = modelColumns(model);
  const stride = FEATURE_NAMES.length;
  const raw = new Float32Array(matrix.count);
  for (let i = 0; i < matrix.count; i++) {
    // No playing surface in the picture (a test pattern, the camera on the crowd), or the picture
    // changing wholesale on most frames (the camera swinging away): no play.
    if (matrix.fieldSeen[i]! < MIN_FIELD_SEEN || matrix.steady[i]! < MIN_STEADY) continue;
    let z = model.bias;
    for (let c = 0; c < columns.length; c++)
      z +=
        (model.weights[c]! * (matrix.values[i * stride + columns[c]!]! - model.mean[c]!)) /
        model.std[c]!;
    raw[i] = 1 / (1 + Math.exp(-z));
  }
  const out = new Float32Array(matrix.count);
  for (let i = 0; i < matrix.count; i++) {
    let s = 0;
    let k = 0;
    for (let j = Math.max(0, i - 2); j <= Math.min(matrix.count - 1, i + 2); j++, k++) s += raw[j]!;
    out[i] = s / k;
  }
  return out;
}

/** Where each of the model's features sits in the feature matrix (a model may use a subset). */
export function modelColumns(model: Pick<LivePlayModel, 'featureNames'>): number[] {
  return model.featureNames.map((name) => {
    const c = FEATURE_NAMES.findIndex((f) => f.name === name);
    if (c < 0)
      throw new Error(
        `The live-play model uses a feature that is no longer measured (${name}): run npm run train:inactivity.`,
      );
    return c;
  });
}

interface Play {
  start: number;
  end: number;
  strong: number;
  /** Where the probability put the start, when the burst out of stillness moved it. */
  probableStart?: number;
}

/** Films at least this long hold enough live and dead time to set their own levels. */
export const FILM_LEVELS_MIN_SEC = 60;
/** The film's two probability levels must be this far apart to be live play and dead time. */
const FILM_LEVELS_MIN_GAP = 0.3;
/** How far below the middle of the two levels a play still carries on. */
const FILM_STAY_BELOW_MIDDLE = 0.15;

/** Means of the low and the high probabilities (two-means from the 10th and 90th percentiles). */
export function twoLevels(p: Float32Array): [number, number] {
  const sorted = Float64Array.from(p).sort();
  let low = sorted[Math.floor(sorted.length * 0.1)] ?? 0;
  let high = sorted[Math.floor(sorted.length * 0.9)] ?? 0;
  for (let iteration = 0; iteration < 30; iteration++) {
    let lowSum = 0;
    let lowCount = 0;
    let highSum = 0;
    let highCount = 0;
    for (const v of p) {
      if (Math.abs(v - low) <= Math.abs(v - high)) {
        lowSum += v;
        lowCount++;
      } else {
        highSum += v;
        highCount++;
      }
    }
    if (lowCount > 0) low = lowSum / lowCount;
    if (highCount > 0) high = highSum / highCount;
  }
  return [low, high];
}

/**
 * The levels one film is decoded with. Within a film the probability ranks live above dead time
 * far better than one pair of levels does across looks: a huddle or a walk back can sit at 0.5 in a
 * film whose plays sit at 0.9. So a long film whose probabilities form two levels well apart raises
 * the model's levels to the middle of its own (`enter`) and a little below it (`stay`); the
 * model's levels are a floor. Short clips and films without two levels keep the model's.
 */
export function filmLevels(
  p: Float32Array,
  durationSec: number,
  model: Pick<LivePlayModel, 'enter' | 'stay'>,
): { enter: number; stay: number } {
  if (durationSec < FILM_LEVELS_MIN_SEC) return { enter: model.enter, stay: model.stay };
  const [low, high] = twoLevels(p);
  if (high - low < FILM_LEVELS_MIN_GAP) return { enter: model.enter, stay: model.stay };
  const middle = (low + high) / 2;
  return {
    enter: Math.max(model.enter, middle),
    stay: Math.max(model.stay, middle - FILM_STAY_BELOW_MIDDLE),
  };
}

/**
 * A stretch the probability took for a play that moved too little against the film's plays to be
 * one (play-contrast.ts): seconds, and how much it rose against the film's typical play (0..1).
 */
export interface PassedOverPlay {
  start: number;
  end: number;
  share: number;
}

/** What the decoder reads of a film besides the probability. */
export interface DecodedFilm {
  cuts: Uint8Array;
  /** People moving after the camera is undone (play-onset.ts); without it starts are not moved. */
  players?: Float32Array;
  /** Per frame, whether a field is in view and the picture steady (FeatureMatrix); absent: always. */
  fieldSeen?: Float32Array;
  steady?: Float32Array;
  /** Per frame, the colour histogram (FilmFeatures.colours); absent: no shot is taken for a cutaway. */
  colours?: Uint8Array;
  /** Per frame, how near the picture is to one shown before and to the frame before; absent: no replays. */
  repeatDistance?: Float32Array;
  pictureChange?: Float32Array;
}

/**
 * The film's shots (shots.ts), a frame counting as the game when a field is in view and steady, and
 * a shot as the game when it is neither a broadcast's cutaway from its main view nor a replay.
 */
export function gameShots(film: DecodedFilm, fps: number): Shot[] {
  const { fieldSeen, steady, colours, repeatDistance, pictureChange } = film;
  const inView = (i: number): boolean =>
    (!fieldSeen || fieldSeen[i]! >= MIN_FIELD_SEEN) && (!steady || steady[i]! >= MIN_STEADY);
  const shots = filmShots(film.cuts, fps, inView);
  const apart = colours ? markCutaways(shots, colours, COLOUR_BINS) : shots;
  return repeatDistance && pictureChange
    ? markReplays(apart, repeatDistance, pictureChange, fps)
    : apart;
}

/**
 * Decodes each shot of the film on its own (shots.ts): a hard cut ends every play and dead stretch,
 * padding stays inside the shot, and a shot that is not the game is never kept. The levels are the
 * film's own (`filmLevels`, over the whole film). A play that moves too little against the film's
 * plays is passed over (play-contrast.ts, given `players`). Returns frame ranges, padded segments
 * (never one across a cut: each is a chapter of the output, as the play it holds), the levels used
 * and the stretches passed over.
 */
export function decodePlays(
  p: Float32Array,
  film: DecodedFilm,
  fps: number,
  durationSec: number,
  modelLevels: Pick<LivePlayModel, 'enter' | 'stay'>,
  options: DecodeOptions = DEFAULT_DECODE_OPTIONS,
): {
  plays: Play[];
  segments: { start: number; end: number }[];
  levels: { enter: number; stay: number };
  passedOver: PassedOverPlay[];
} {
  const levels = options.ownLevels
    ? filmLevels(p, durationSec, modelLevels)
    : { enter: modelLevels.enter, stay: modelLevels.stay };
  // each play with its shot (film frames), chained where a play is still on across a cut
  const chains: ShotPlay[][] = [];
  let previous: ShotPlay | undefined;
  for (const shot of gameShots(film, fps)) {
    if (!shot.game) continue;
    const { start, end } = shot;
    const found = decodeShot(
      p.subarray(start, end),
      {
        cuts: film.cuts.subarray(start, end),
        ...(film.players ? { players: film.players.subarray(start, end) } : {}),
      },
      fps,
      levels,
      options,
    );
    for (const q of found) {
      const play: ShotPlay = {
        ...q,
        start: q.start + start,
        end: q.end + start,
        ...(q.probableStart !== undefined ? { probableStart: q.probableStart + start } : {}),
        shot,
      };
      const carriesOn =
        previous !== undefined &&
        previous.end === previous.shot.end &&
        previous.shot.end === start &&
        play.start === start;
      if (carriesOn) chains[chains.length - 1]!.push(play);
      else chains.push([play]);
      previous = play;
    }
  }
  const judged = film.players
    ? playsThatStandOut(chains, film.players, options.standOutShare)
    : { kept: chains, passedOver: [] };
  const kept = judged.kept.flat();
  // padded inside each play's shot; segments of neighbouring shots may touch at the cut and stay
  // apart, as the plays they are
  const segments: { start: number; end: number }[] = [];
  let lastShot: Shot | undefined;
  for (const q of kept) {
    const from = q.shot.start / fps;
    const to = Math.min(durationSec, q.shot.end / fps);
    const segment = {
      start: Math.max(from, q.start / fps - options.padBeforeSec),
      end: Math.min(to, q.end / fps + options.padAfterSec),
    };
    const last = segments[segments.length - 1];
    if (last && lastShot === q.shot && last.end >= segment.start)
      last.end = Math.max(last.end, segment.end);
    else segments.push(segment);
    lastShot = q.shot;
  }
  return {
    plays: kept.map(({ shot: _shot, ...q }) => q),
    segments: segments.filter((s) => s.end > s.start),
    levels,
    passedOver: judged.passedOver.map(({ chain, share }) => ({
      start: chain[0]!.start / fps,
      end: Math.min(durationSec, chain[chain.length - 1]!.end / fps),
      share,
    })),
  };
}

/** A decoded play with the shot it lies in. */
interface ShotPlay extends Play {
  shot: Shot;
}

/**
 * Hysteresis on the probability of one shot: a play starts when it reaches `enter` (moving back over
 * the frames above `stay` before it, up to backtrackSec), continues while it stays above `stay` with
 * lulls up to holdSec, starts at the burst out of stillness when it opens quietly (play-onset.ts,
 * given the shot's `players` movement), and is padded inside the shot.
 */
function decodeShot(
  p: Float32Array,
  film: { cuts: Uint8Array; players?: Float32Array },
  fps: number,
  levels: { enter: number; stay: number },
  options: DecodeOptions,
): Play[] {
  const { cuts, players } = film;
  const hold = Math.round(options.holdSec * fps);
  const back = Math.round(options.backtrackSec * fps);
  const plays: Play[] = [];
  let current: Play | null = null;
  let lastActive = 0;
  for (let i = 0; i < p.length; i++) {
    const v = p[i]!;
    if (!current) {
      if (v >= levels.enter) {
        let start = i;
        const earliest = Math.max(0, i - back, plays.length ? plays[plays.length - 1]!.end : 0);
        while (start > earliest && p[start - 1]! >= levels.stay && !cuts[start]) start--;
        current = { start, end: i + 1, strong: 1 };
        lastActive = i;
      }
      continue;
    }
    if (v >= levels.stay) lastActive = i;
    if (v >= levels.enter) current.strong++;
    if (i - lastActive > hold) {
      current.end = lastActive + 1;
      plays.push(current);
      current = null;
    }
  }
  if (current) {
    current.end = lastActive + 1;
    plays.push(current);
  }
  // A play cut by the film's start or end (recording started late, stopped early) may be shorter.
  const kept = plays.filter(
    (q) =>
      q.strong >= options.minPlaySec * fps ||
      ((q.start === 0 || q.end >= p.length) && q.strong >= (options.minPlaySec * fps) / 2),
  );
  if (players) {
    const quiet = quietMovement(players);
    let previousEnd = 0;
    for (const q of kept) {
      // A play's burst may lie before it, but not in the previous play or across a cut.
      let earliest = q.start;
      while (earliest > previousEnd && !cuts[earliest]) earliest--;
      const start = startAtBurst(players, quiet, q.start, q.end, fps, earliest);
      if (start !== q.start) [q.probableStart, q.start] = [q.start, start];
      previousEnd = q.end;
    }
  }
  return kept;
}

/** Per reason group, the mean push of its features towards "live" over frames [from, to). */
function groupContributions(
  matrix: FeatureMatrix,
  model: LivePlayModel,
  from: number,
  to: number,
): Map<ReasonGroup, number> {
  const columns = modelColumns(model);
  const stride = FEATURE_NAMES.length;
  const totals = new Map<ReasonGroup, number>();
  for (let i = from; i < to; i++) {
    for (let c = 0; c < columns.length; c++) {
      const group = FEATURE_NAMES[columns[c]!]!.group;
      const push =
        (model.weights[c]! * (matrix.values[i * stride + columns[c]!]! - model.mean[c]!)) /
        model.std[c]!;
      totals.set(group, (totals.get(group) ?? 0) + push / Math.max(1, to - from));
    }
  }
  return totals;
}

/**
 * Live segments with a confidence and the reasons that decided them: the feature groups that pushed
 * hardest towards live play inside the segment, how the start was found and what ended it.
 */
export function explainSegments(
  matrix: FeatureMatrix,
  p: Float32Array,
  whistle: Float32Array,
  fps: number,
  durationSec: number,
  model: LivePlayModel,
  options: DecodeOptions = DEFAULT_DECODE_OPTIONS,
): { segments: LiveSegment[]; passedOver: PassedOverPlay[] } {
  const { plays, segments, levels, passedOver } = decodePlays(
    p,
    matrix,
    fps,
    durationSec,
    model,
    options,
  );
  const explained = segments.map((segment) => {
    const inside = plays.filter((q) => q.start / fps < segment.end && q.end / fps > segment.start);
    const from = Math.min(...inside.map((q) => q.start));
    const to = Math.max(...inside.map((q) => q.end));
    let sum = 0;
    for (let i = from; i < to; i++) sum += p[i]!;
    const reasons = [...groupContributions(matrix, model, from, to).entries()]
      .filter(([, v]) => v > 0.15)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([group]) => REASONS[group]);
    const whistleAt = findWhistleNear(whistle, to, fps);
    const first = inside.find((q) => q.start === from)!;
    const probableStart = first.probableStart;
    const startedBy =
      probableStart !== undefined
        ? probableStart < from
          ? `movement burst out of stillness at ${(from / fps).toFixed(1)} s; the quiet stretch the live-play probability took in from ${(probableStart / fps).toFixed(1)} s was left out (padded ${options.padBeforeSec} s)`
          : `movement burst out of stillness at ${(from / fps).toFixed(1)} s, before the live-play probability rose at ${(probableStart / fps).toFixed(1)} s (padded ${options.padBeforeSec} s)`
        : from === 0
          ? 'play was already on when the film starts'
          : matrix.cuts[from]
            ? 'play was already on when the shot starts'
            : `live-play probability rose above ${levels.stay.toFixed(2)} at ${(from / fps).toFixed(1)} s (padded ${options.padBeforeSec} s)`;
    const endedBy =
      to >= p.length
        ? 'the film ends during play'
        : matrix.cuts[to]
          ? 'the shot ends during play'
          : whistleAt !== null
            ? `movement died down at ${(to / fps).toFixed(1)} s, whistle at ${whistleAt.toFixed(1)} s (padded ${options.padAfterSec} s)`
            : `movement died down at ${(to / fps).toFixed(1)} s (padded ${options.padAfterSec} s)`;
    return {
      start: segment.start,
      end: segment.end,
      confidence: to > from ? sum / (to - from) : 0,
      decidedBy: reasons.length > 0 ? reasons : ['the combination of motion, people and sound'],
      startedBy,
      endedBy,
    };
  });
  return { segments: explained, passedOver };
}

function findWhistleNear(whistle: Float32Array, frame: number, fps: number): number | null {
  for (
    let i = Math.max(0, frame - Math.round(2 * fps));
    i < Math.min(whistle.length, frame + Math.round(fps));
    i++
  )
    if (whistle[i]! >= 0.4) return i / fps;
  return null;
}
