import { describe, expect, it } from 'vitest';
import { joinRunningPlays } from './running-segments.js';
import type { LiveSegment } from './live-play-model.js';
import {
  quietStretches,
  startsFromSet,
  stretchesToLookAt,
  type QuietStretch,
} from './play-rescue.js';

const FPS = 5;

/** A film of `seconds` with hard cuts at the given seconds, all of it showing the field. */
function film(seconds: number, cutsAt: number[] = []) {
  const n = seconds * FPS;
  const cuts = new Uint8Array(n);
  for (const t of cutsAt) cuts[t * FPS] = 1;
  return { cuts, fieldSeen: new Float32Array(n).fill(1), steady: new Float32Array(n).fill(1) };
}

describe('quietStretches', () => {
  it('gives a shot with nothing kept whole, and the film left out between plays found elsewhere', () => {
    // Two clips: 0–10 s with nothing kept, 10–30 s with plays kept at 12–16 s and 24–27 s.
    const kept = [
      { start: 12, end: 16 },
      { start: 24, end: 27 },
    ];
    const found = quietStretches(film(30, [10]), FPS, 30, kept);
    expect(found).toEqual([
      { start: 0, end: 10, readFrom: 0, shotStart: 0, shotEnd: 10, wholeShot: true },
      { start: 10, end: 12, readFrom: 10, shotStart: 10, shotEnd: 30, wholeShot: false },
      { start: 16, end: 24, readFrom: 14, shotStart: 10, shotEnd: 30, wholeShot: false },
      { start: 27, end: 30, readFrom: 25, shotStart: 10, shotEnd: 30, wholeShot: false },
    ]);
  });

  it('leaves out gaps too short to hold a run, and shots that are not the game', () => {
    const f = film(20, [10]);
    f.fieldSeen.fill(0, 0, 10 * FPS); // the first clip shows the crowd
    const found = quietStretches(f, FPS, 20, [
      { start: 10, end: 14 },
      { start: 14.5, end: 20 },
    ]);
    expect(found).toEqual([]);
  });
});

describe('stretchesToLookAt', () => {
  const stretch = (start: number, end: number, wholeShot: boolean): QuietStretch => ({
    start,
    end,
    readFrom: wholeShot ? start : start - 2,
    shotStart: 0,
    shotEnd: 600,
    wholeShot,
  });

  it('reads shots with no play first, then the shortest stretches, within a share of the film', () => {
    // A 100-s film: 35 s of reading. The 30-s shot with no play comes first; of the stretches
    // between plays (read with 2 s before each) only the 3-s one (5 s read) still fits.
    const chosen = stretchesToLookAt(
      [stretch(0, 30, true), stretch(40, 43, false), stretch(50, 60, false)],
      100,
    );
    expect(chosen.map((s) => s.start)).toEqual([0, 40]);
  });

  it('gives the stretches between plays of a long recording a smaller share', () => {
    // A 200-s continuous recording: 70 s of reading in all, but 30 s (15%) between plays.
    const gaps = [10, 40, 70, 100, 130].map((t) => stretch(t, t + 8, false));
    expect(stretchesToLookAt(gaps, 200).map((s) => s.start)).toEqual([10, 40, 70]);
  });
});

describe('startsFromSet', () => {
  const counts = (runners: number[]) =>
    runners.map((n, i) => ({ timeSec: 10 + (i + 1) * 0.2, runners: n }));

  it('takes a run after players stood set for a second', () => {
    // Read from 10 s: set (0–2 running) until 11.4 s, then running.
    expect(startsFromSet(counts([0, 1, 2, 0, 1, 2, 1, 5, 6, 5]), 11.4, 10)).toBe(true);
  });

  it('refuses players still jogging off after the play before, and a run with nothing read before it', () => {
    expect(startsFromSet(counts([4, 3, 2, 4, 1, 2, 1, 5, 6, 5]), 11.4, 10)).toBe(false);
    expect(startsFromSet(counts([0, 5, 6, 5]), 10.2, 10)).toBe(false);
  });
});

describe('joinRunningPlays', () => {
  const segment = (start: number, end: number, reason: string): LiveSegment => ({
    start,
    end,
    confidence: 0.5,
    decidedBy: [reason],
    startedBy: `${reason} start`,
    endedBy: `${reason} end`,
  });

  it('makes a runners play one chapter with the kept film it overlaps, and adds one apart', () => {
    const kept = [segment(0, 3, 'motion'), segment(6, 9, 'motion'), segment(20, 25, 'motion')];
    const joined = joinRunningPlays(kept, [segment(2, 6.5, 'runners'), segment(12, 15, 'runners')]);
    expect(joined.map((s) => [s.start, s.end])).toEqual([
      [0, 9],
      [12, 15],
      [20, 25],
    ]);
    expect(joined[0]!.decidedBy).toEqual(['runners', 'motion']);
    expect(joined[0]!.startedBy).toBe('motion start');
    expect(joined[0]!.endedBy).toBe('motion end');
  });
});
