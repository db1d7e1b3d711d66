import { describe, expect, it } from 'vitest';
import { DEFAULT_DECODE_OPTIONS, decodePlays } from './live-play-model.js';
import { quietMovement, startAtBurst } from './play-onset.js';

const fps = 5;

/**
 * A movement track (log scale) of `seconds`, `base` everywhere but the given [from, to, level]
 * parts.
 */
function movement(seconds: number, base: number, parts: [number, number, number][]): Float32Array {
  return Float32Array.from({ length: seconds * fps }, (_, i) => {
    const part = parts.find(([a, b]) => i / fps >= a && i / fps < b);
    return part ? part[2] : base;
  });
}

describe('a play starts at the burst out of stillness', () => {
  // Players set from 10 s, the snap at 13 s, play until 20 s; walking about elsewhere.
  const film = movement(40, 1, [
    [10, 13, 0.5],
    [13, 20, 3],
  ]);
  const quiet = quietMovement(film);

  it('moves the start of a play that opens quietly to just before the burst', () => {
    expect(startAtBurst(film, quiet, 10 * fps, 20 * fps, fps)).toBe(13 * fps - 2);
  });

  it('leaves a play that is busy from its first frame alone', () => {
    expect(startAtBurst(film, quiet, 13 * fps, 20 * fps, fps)).toBe(13 * fps);
  });

  it('leaves a short lull before the action alone (a build-up in flowing play)', () => {
    expect(startAtBurst(film, quiet, 12 * fps, 20 * fps, fps)).toBe(12 * fps);
  });

  it('looks past a short walk to the line to the stillness before the snap', () => {
    const walkThenSet = movement(40, 1, [
      [10, 10.8, 2.5],
      [10.8, 13, 0.5],
      [13, 20, 3],
    ]);
    const q = quietMovement(walkThenSet);
    expect(startAtBurst(walkThenSet, q, 10 * fps, 20 * fps, fps)).toBe(13 * fps - 2);
  });

  it('leaves a play alone when it is hardly busier than the film’s quiet moments', () => {
    const calm = movement(40, 1, [
      [10, 13, 0.5],
      [13, 20, 1.3],
    ]);
    expect(startAtBurst(calm, quietMovement(calm), 10 * fps, 20 * fps, fps)).toBe(10 * fps);
  });

  it('asks more of a play already on at the film’s first frame (the recording may start mid-play)', () => {
    const opening = (busy: number): Float32Array =>
      movement(30, 1, [
        [0, 3, 0.5],
        [3, 10, busy],
      ]);
    const moderate = opening(1.8);
    expect(startAtBurst(moderate, quietMovement(moderate), 0, 10 * fps, fps)).toBe(0);
    const strong = opening(3);
    expect(startAtBurst(strong, quietMovement(strong), 0, 10 * fps, fps)).toBe(3 * fps - 2);
  });

  it('cuts the quiet opening from the kept segment and says why', () => {
    const p = Float32Array.from(film, (_, i) => (i >= 10 * fps && i < 20 * fps ? 0.9 : 0.05));
    const levels = { enter: 0.6, stay: 0.3 };
    const cuts = new Uint8Array(p.length);
    const without = decodePlays(p, { cuts }, fps, 40, levels);
    const withMovement = decodePlays(p, { cuts, players: film }, fps, 40, levels);
    const { padBeforeSec } = DEFAULT_DECODE_OPTIONS;
    expect(without.segments[0]!.start).toBeCloseTo(10 - padBeforeSec, 5);
    expect(withMovement.segments[0]!.start).toBeCloseTo(12.6 - padBeforeSec, 5);
    expect(withMovement.plays[0]!.probableStart).toBe(10 * fps);
  });
});

describe('a play the probability found late starts at its burst', () => {
  // Players set from 10 s, the snap at 13 s, play until 20 s; the probability rose only at 15 s.
  const film = movement(40, 1, [
    [10, 13, 0.5],
    [13, 20, 3],
  ]);
  const quiet = quietMovement(film);

  it('moves the start back to just before the burst out of stillness', () => {
    expect(startAtBurst(film, quiet, 15 * fps, 20 * fps, fps, 0)).toBe(13 * fps - 2);
  });

  it('does not look further back than `earliest` (the previous play, a cut)', () => {
    expect(startAtBurst(film, quiet, 15 * fps, 20 * fps, fps, 14 * fps)).toBe(15 * fps);
  });

  it('leaves it alone when the busy stretch began more than 6 s before it', () => {
    const longPlay = movement(40, 1, [
      [10, 13, 0.5],
      [13, 25, 3],
    ]);
    const q = quietMovement(longPlay);
    expect(startAtBurst(longPlay, q, 18 * fps, 25 * fps, fps, 0)).toBe(13 * fps - 2);
    expect(startAtBurst(longPlay, q, 97, 25 * fps, fps, 0)).toBe(97);
  });

  it('leaves it alone when the busy stretch did not burst out of a set stillness', () => {
    const briefPause = movement(40, 0.5, [
      [5, 12, 3],
      [12, 13, 0.5],
      [13, 20, 3],
    ]);
    expect(startAtBurst(briefPause, quietMovement(briefPause), 15 * fps, 20 * fps, fps, 0)).toBe(
      15 * fps,
    );
  });

  it('keeps the whole play and says where the probability rose, but not across a cut', () => {
    const p = Float32Array.from(film, (_, i) => (i >= 15 * fps && i < 20 * fps ? 0.9 : 0.05));
    const levels = { enter: 0.6, stay: 0.3 };
    const cuts = new Uint8Array(p.length);
    const found = decodePlays(p, { cuts, players: film }, fps, 40, levels);
    expect(found.segments[0]!.start).toBeCloseTo(12.6 - DEFAULT_DECODE_OPTIONS.padBeforeSec, 5);
    expect(found.plays[0]!.probableStart).toBe(15 * fps);
    cuts[14 * fps] = 1;
    const afterCut = decodePlays(p, { cuts, players: film }, fps, 40, levels);
    // The burst before the cut is another shot's, and the padding stops at the cut too.
    expect(afterCut.plays[0]!.start).toBe(15 * fps);
    expect(afterCut.segments[0]!.start).toBeCloseTo(14, 5);
  });
});
