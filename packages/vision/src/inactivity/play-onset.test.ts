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
