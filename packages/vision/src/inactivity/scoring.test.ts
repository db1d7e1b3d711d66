import { describe, expect, it } from 'vitest';
import type { FilmFeatures } from './film-features.js';
import { scoreSegments } from './score-segments.js';
import { DEFAULT_TEMPORAL_OPTIONS, findLiveSegments } from './temporal-model.js';

function features(
  motion: number[],
  whistleAt: number[] = [],
  cutsAt: number[] = [],
  fps = 5,
): FilmFeatures {
  const n = motion.length;
  const zeros = (): Float32Array => new Float32Array(n);
  const whistle = zeros();
  for (const t of whistleAt) whistle[Math.round(t * fps)] = 1;
  const frameChange = zeros();
  for (const t of cutsAt) frameChange[Math.round(t * fps)] = 1;
  return {
    fps,
    count: n,
    fieldMotion: Float32Array.from(motion),
    frameChange,
    histogramChange: zeros(),
    fieldShare: zeros().fill(0.8),
    cameraShift: zeros(),
    cameraFit: zeros().fill(1),
    rmsDb: zeros().fill(-30),
    whistle,
    hasAudio: true,
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

describe('temporal model', () => {
  it('pads each play about 1 s before and 2 s after', () => {
    const segments = findLiveSegments(features(bursts(60, [[20, 30]])), 60);
    expect(segments).toHaveLength(1);
    expect(segments[0]!.start).toBeCloseTo(20 - DEFAULT_TEMPORAL_OPTIONS.padBeforeSec, 0);
    expect(segments[0]!.end).toBeGreaterThanOrEqual(32);
    expect(segments[0]!.end).toBeLessThanOrEqual(34);
  });

  it('drops a flicker of motion too short to be a play', () => {
    const segments = findLiveSegments(features(bursts(60, [[20, 20.6]])), 60);
    expect(segments).toEqual([]);
  });

  it('bridges a short lull inside a play instead of splitting it', () => {
    const segments = findLiveSegments(
      features(
        bursts(60, [
          [10, 20],
          [21, 30],
        ]),
      ),
      60,
    );
    expect(segments).toHaveLength(1);
  });

  it('ends the play at the whistle when the players wind down after it', () => {
    const motion = bursts(60, [[10, 22]]);
    const withWhistle = findLiveSegments(features(motion, [20]), 60);
    const without = findLiveSegments(features(motion), 60);
    expect(withWhistle[0]!.end).toBeLessThan(without[0]!.end);
    expect(withWhistle[0]!.end).toBeCloseTo(20 + DEFAULT_TEMPORAL_OPTIONS.padAfterSec, 0);
  });

  it('ignores a whistle when play carries on long after it', () => {
    const motion = bursts(60, [[10, 30]]);
    const segments = findLiveSegments(features(motion, [12]), 60);
    expect(segments).toHaveLength(1);
    expect(segments[0]!.end).toBeGreaterThanOrEqual(30);
  });

  it('drops a replay shown between two cuts shortly after a play', () => {
    const motion = bursts(80, [
      [10, 20],
      [26, 33],
    ]);
    const segments = findLiveSegments(features(motion, [], [26, 33]), 80);
    expect(segments).toHaveLength(1);
    expect(segments[0]!.end).toBeLessThan(26);
  });

  it('keeps play that starts right after a cut but is not closed by another', () => {
    const motion = bursts(80, [
      [10, 20],
      [26, 60],
    ]);
    const segments = findLiveSegments(features(motion, [], [26]), 80);
    expect(segments).toHaveLength(2);
  });
});
