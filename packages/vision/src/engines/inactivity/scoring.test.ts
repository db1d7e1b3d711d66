import { describe, expect, it } from 'vitest';
import { FEATURE_COLUMNS, PLANAR_UNMEASURED, type FilmFeatures } from './film-features.js';
import { NO_EARLIER_PICTURE } from './repeated-pictures.js';
import { scoreSegments } from './score-segments.js';
import {
  DEFAULT_DECODE_OPTIONS,
  decodeOptionsFor,
  decodePlays,
  explainSegments,
  filmLevels,
  FILM_LEVELS_MIN_SEC,
  liveProbabilities,
  type LivePlayModel,
} from './live-play-model.js';
import { buildFeatureMatrix, FEATURE_NAMES } from './play-features.js';

/** Film features with the given field motion; people of `height` (share of frame height). */
function features(motion: number[], height = 0.1, whistleAt: number[] = [], fps = 5): FilmFeatures {
  const n = motion.length;
  const zeros = (): Float32Array => new Float32Array(n);
  const whistle = zeros();
  for (const t of whistleAt) whistle[Math.round(t * fps)] = 1;
  const moving = Float32Array.from(motion, (m) => m * 0.6);
  return {
    fps,
    count: n,
    fieldMotion: Float32Array.from(motion),
    frameChange: zeros(),
    histogramChange: zeros(),
    fieldShare: zeros().fill(0.6),
    cameraShift: zeros(),
    cameraFit: zeros().fill(1),
    rmsDb: zeros().fill(-30),
    whistle,
    hasAudio: true,
    movingShare: moving,
    personHeight: zeros().fill(height),
    personCount: zeros().fill(12),
    movers: Float32Array.from(motion, (m) => (m > 0.002 ? 10 : 1)),
    spread: Float32Array.from(motion, (m) => (m > 0.002 ? 0.5 : 0.05)),
    shiftMedian: Float32Array.from(motion, (m) => (m > 0.002 ? height * 0.4 : 0)),
    shiftHigh: Float32Array.from(motion, (m) => (m > 0.002 ? height * 0.6 : 0)),
    panX: zeros(),
    panY: zeros(),
    zoom: zeros(),
    fieldWidth: zeros().fill(1),
    planarMoving: moving,
    planarHeight: zeros().fill(height),
    // no colours: no shot is taken for a broadcast's cutaway; no picture repeats an earlier one
    colours: new Uint8Array(0),
    repeatDistance: zeros().fill(NO_EARLIER_PICTURE),
    pictureChange: zeros().fill(2),
  };
}

/** Motion of 0.03 in [from, to) seconds, quiet elsewhere. */
function bursts(durationSec: number, plays: [number, number][], fps = 5): number[] {
  return Array.from({ length: durationSec * fps }, (_, i) =>
    plays.some(([a, b]) => i / fps >= a && i / fps < b) ? 0.03 : 0.0005,
  );
}

describe('benchmark scoring', () => {
  it('counts kept live time, removed dead time outside the allowance, and dropped plays', () => {
    const live = [
      { start: 10, end: 20 },
      { start: 40, end: 50 },
    ];
    const kept = [{ start: 9, end: 25 }];
    const score = scoreSegments(kept, live, 60);
    expect(score.liveSec).toBe(20);
    expect(score.liveKeptSec).toBe(10);
    expect(score.playsDropped).toBe(1);
    // Dead: [0, 8.5) + [23, 38.5) + [53, 60) = 31 s; kept 2 s of it (23..25).
    expect(score.deadSec).toBeCloseTo(31, 5);
    expect(score.deadRemovedSec).toBeCloseTo(29, 5);
  });
});

/** A probability track: `level` in [from, to) seconds, 0.05 elsewhere. */
function track(durationSec: number, parts: [number, number, number][], fps = 5): Float32Array {
  return Float32Array.from({ length: durationSec * fps }, (_, i) => {
    const part = parts.find(([a, b]) => i / fps >= a && i / fps < b);
    return part ? part[2] : 0.05;
  });
}

const levels = { enter: 0.6, stay: 0.3 };

describe('live-play decoding', () => {
  it('pads each play 1 s before and 2 s after', () => {
    const { segments } = decodePlays(
      track(60, [[20, 30, 0.9]]),
      { cuts: new Uint8Array(300) },
      5,
      60,
      levels,
    );
    expect(segments).toHaveLength(1);
    expect(segments[0]!.start).toBeCloseTo(20 - DEFAULT_DECODE_OPTIONS.padBeforeSec, 5);
    expect(segments[0]!.end).toBeCloseTo(30 + DEFAULT_DECODE_OPTIONS.padAfterSec, 5);
  });

  it('moves a start back to where the probability first rose, but neither it nor its padding crosses a cut', () => {
    const { padBeforeSec } = DEFAULT_DECODE_OPTIONS;
    const p = track(60, [
      [19.6, 20, 0.4],
      [20, 30, 0.9],
    ]);
    const start = (cuts: Uint8Array): number =>
      decodePlays(p, { cuts }, 5, 60, levels).segments[0]!.start;
    expect(start(new Uint8Array(300))).toBeCloseTo(19.6 - padBeforeSec, 5);
    const cuts = new Uint8Array(300);
    cuts[99] = 1;
    expect(start(cuts)).toBeCloseTo(19.8, 5);
  });

  it('drops a flicker too short to be a play', () => {
    expect(
      decodePlays(track(60, [[20, 20.4, 0.9]]), { cuts: new Uint8Array(300) }, 5, 60, levels)
        .segments,
    ).toEqual([]);
  });

  it('bridges a short lull inside a play instead of splitting it', () => {
    const p = track(60, [
      [10, 20, 0.9],
      [21.5, 30, 0.9],
    ]);
    expect(decodePlays(p, { cuts: new Uint8Array(300) }, 5, 60, levels).segments).toHaveLength(1);
  });

  it('decodes with the model’s own hold unless the caller sets one', () => {
    expect(decodeOptionsFor({}).holdSec).toBe(DEFAULT_DECODE_OPTIONS.holdSec);
    expect(decodeOptionsFor({ holdSec: 0.4 }).holdSec).toBe(0.4);
    expect(decodeOptionsFor({ holdSec: 0.4 }, { holdSec: 3 }).holdSec).toBe(3);
    // A shorter hold ends a play at a lull longer than it (padding may still join the two).
    const p = track(60, [
      [10, 20, 0.9],
      [21.6, 30, 0.9],
    ]);
    const plays = (holdSec: number): number =>
      decodePlays(p, { cuts: new Uint8Array(300) }, 5, 60, levels, decodeOptionsFor({ holdSec }))
        .plays.length;
    expect(plays(2)).toBe(1);
    expect(plays(1)).toBe(2);
  });

  it('decodes a long film with its own levels: a lull at 0.35 after plays at 0.95 is not play', () => {
    const { padAfterSec } = DEFAULT_DECODE_OPTIONS;
    const p = track(120, [
      [10, 30, 0.95],
      [30, 39, 0.35],
      [60, 80, 0.95],
      [80, 89, 0.35],
    ]);
    const decoded = decodePlays(p, { cuts: new Uint8Array(600) }, 5, 120, levels);
    expect(decoded.levels.stay).toBeGreaterThan(0.35);
    expect(decoded.segments.map((s) => s.end)).toEqual([30 + padAfterSec, 80 + padAfterSec]);
    // the model's levels are a floor: they would carry each play through its lull
    expect(filmLevels(p, 120, { enter: 0.6, stay: 0.45 })).toEqual({ enter: 0.6, stay: 0.45 });
  });

  it('keeps the model’s levels on a short clip and on a film without two levels', () => {
    const { padAfterSec } = DEFAULT_DECODE_OPTIONS;
    const clip = track(FILM_LEVELS_MIN_SEC - 10, [
      [5, 15, 0.95],
      [15, 20, 0.4],
    ]);
    expect(filmLevels(clip, FILM_LEVELS_MIN_SEC - 10, levels)).toEqual(levels);
    expect(
      decodePlays(clip, { cuts: new Uint8Array(clip.length) }, 5, 50, levels).segments[0]!.end,
    ).toBe(20 + padAfterSec);
    // all live, with quieter phases: one level, nothing raised
    const rally = Float32Array.from({ length: 600 }, (_, i) => 0.75 + 0.2 * Math.sin(i / 40));
    expect(filmLevels(rally, 120, levels)).toEqual(levels);
  });

  it('keeps play that is already on when the film starts', () => {
    const { segments } = decodePlays(
      track(20, [[0, 8, 0.9]]),
      { cuts: new Uint8Array(100) },
      5,
      20,
      levels,
    );
    expect(segments[0]!.start).toBe(0);
  });
});

describe('live-play features', () => {
  it('measure movement in people, so the same play seen wide or close gives the same numbers', () => {
    const motion = bursts(60, [[20, 30]]);
    const wide = buildFeatureMatrix(
      features(
        motion.map((m) => m * 0.25),
        0.05,
      ),
    );
    const close = buildFeatureMatrix(features(motion, 0.1));
    const width = FEATURE_NAMES.length;
    const at = (m: typeof wide, name: string, t: number): number =>
      m.values[t * 5 * width + FEATURE_NAMES.findIndex((f) => f.name === name)]!;
    for (const name of ['people.now', 'speed.now']) {
      expect(at(wide, name, 25)).toBeCloseTo(at(close, name, 25), 1);
      expect(at(wide, name, 25)).toBeGreaterThan(at(wide, name, 10) + 1);
    }
  });

  it('rank a shot of six seconds or more against its own movement, a shorter one against the film', () => {
    // A game film joined from clips: a close clip, then a far one whose play moves less than the
    // close clip's dead time, then a 3-s cutaway moving like the close clip's play.
    const close = bursts(30, [[10, 20]]).map((m) => m * 10);
    const far = bursts(30, [[10, 20]]).map((m) => m / 10);
    const cutaway = Array.from({ length: 15 }, () => 0.3);
    const film = features([...close, ...far, ...cutaway]);
    film.frameChange[150] = 1;
    film.frameChange[300] = 1;
    const matrix = buildFeatureMatrix(film);
    const width = FEATURE_NAMES.length;
    const rank = FEATURE_NAMES.findIndex((f) => f.name === 'motion.rank');
    const at = (t: number): number => matrix.values[Math.round(t * 5) * width + rank]!;
    expect(at(45)).toBeGreaterThan(0.6); // the far clip's play, among its own clip's busiest
    expect(at(35)).toBeLessThan(0.1); // its dead time, among its own quiet moments
    expect(at(15)).toBeGreaterThan(0.6);
    // The cutaway, against the whole film: as busy as the close clip's play (on its own, most of
    // its frames would tie at its quietest).
    expect(at(61)).toBeGreaterThan(0.6);
  });

  it('read no burst of movement out of the first frame, which nothing came before', () => {
    // As the film reader delivers it: the first frame's motion columns are zeros (not measured).
    const steady = features(Array.from({ length: 50 }, () => 0.01));
    for (const column of FEATURE_COLUMNS)
      if (column !== 'rmsDb' && column !== 'whistle') steady[column][0] = 0;
    steady.planarHeight[0] = PLANAR_UNMEASURED;
    const matrix = buildFeatureMatrix(steady);
    const width = FEATURE_NAMES.length;
    for (const name of ['motion.rise', 'people.rise', 'speed.rise', 'movers.rise']) {
      const column = FEATURE_NAMES.findIndex((f) => f.name === name);
      for (let i = 0; i < 10; i++) expect(matrix.values[i * width + column]).toBeCloseTo(0, 5);
    }
  });
});

describe('live-play explanation', () => {
  const model: LivePlayModel = {
    featureNames: FEATURE_NAMES.map((f) => f.name),
    mean: FEATURE_NAMES.map(() => 0),
    std: FEATURE_NAMES.map(() => 1),
    weights: FEATURE_NAMES.map((f) => (f.name === 'people.now' ? 1 : 0)),
    bias: 0,
    enter: 0.6,
    stay: 0.3,
    trainedOn: 'a test',
  };

  it('gives every kept segment a confidence, its reasons, and what started and ended it', () => {
    const film = features(bursts(60, [[20, 30]]), 0.1, [30.2]);
    const matrix = buildFeatureMatrix(film);
    const [segment, ...rest] = explainSegments(
      matrix,
      track(60, [[20, 30, 0.9]]),
      film.whistle,
      5,
      60,
      model,
    ).segments;
    expect(rest).toEqual([]);
    expect(segment!.confidence).toBeCloseTo(0.9, 5);
    expect(segment!.decidedBy[0]).toBe('many people on the field moved at once');
    expect(segment!.startedBy).toContain('20.0 s');
    expect(segment!.endedBy).toContain('whistle at 30.2 s');
  });

  it('sees no play where the picture changes wholesale on most frames (the camera swung away)', () => {
    const film = features(bursts(20, [[0, 20]]), 0.1);
    const swinging = { ...film, frameChange: Float32Array.from(film.frameChange) };
    for (let i = 40; i < 60; i++) if (i % 4 !== 0) swinging.frameChange[i] = 0.5;
    const p = liveProbabilities(buildFeatureMatrix(swinging), model);
    const steady = liveProbabilities(buildFeatureMatrix(film), model);
    expect(p[50]).toBe(0);
    expect(steady[50]).toBeGreaterThan(0.5);
    expect(p[20]).toBeCloseTo(steady[20]!, 5);
  });
});
