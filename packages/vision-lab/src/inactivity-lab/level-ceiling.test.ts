import { describe, expect, it } from 'vitest';
import type { Segment } from '@filmroom/vision/media';
import { decodeOptionsFor, decodePlays, scoreSegments } from '@filmroom/vision/inactivity';
import { levelCeiling, liveDeadAuc } from './level-ceiling.js';

const fps = 5;
const durationSec = 60;

/** A probability track: `base` everywhere, `level` over each stretch (s). */
function track(base: number, stretches: [number, number, number][]): Float32Array {
  const p = new Float32Array(durationSec * fps).fill(base);
  for (const [start, end, level] of stretches)
    for (let i = Math.round(start * fps); i < Math.round(end * fps); i++) p[i] = level;
  return p;
}

const film = { cuts: new Uint8Array(durationSec * fps) };
const hold = 0.4;

function decodedAt(p: Float32Array, live: Segment[], enter: number, stay: number) {
  const { segments } = decodePlays(
    p,
    film,
    fps,
    durationSec,
    { enter, stay },
    decodeOptionsFor({ holdSec: hold }, { ownLevels: false }),
  );
  return scoreSegments(segments, live, durationSec);
}

describe('levelCeiling', () => {
  const live = [
    { start: 5, end: 12 },
    { start: 40, end: 48 },
  ];
  /** Two plays, the first at 0.95, with a dead bump at 0.7 (a jog to positions) between them. */
  const twoPlays = (secondPlay: number): Float32Array =>
    track(0.1, [
      [5, 12, 0.95],
      [22, 30, 0.7],
      [40, 48, secondPlay],
    ]);

  it('finds levels that drop a dead bump the shipped levels keep, and keeps both plays', () => {
    // The bump reads above an enter level of 0.55; the plays above it.
    const p = twoPlays(0.95);
    const decoded = decodedAt(p, live, 0.55, 0.2);
    expect(decoded.deadRemovedSec).toBeLessThan(decoded.deadSec - 7);
    const ceiling = levelCeiling(p, film, fps, durationSec, live, hold, decoded);
    expect(ceiling.best.playsDropped).toBe(0);
    expect(ceiling.best.deadRemovedSec).toBeCloseTo(ceiling.best.deadSec, 5);
    expect(ceiling.enter).toBeGreaterThan(0.7);
    expect(ceiling.auc).toBe(1);
  });

  it('keeps the film as decoded when no levels keep a play that reads like dead time', () => {
    // The second play reads 0.4, below the dead bump's 0.7: any level that drops the bump drops it.
    const p = twoPlays(0.4);
    const decoded = decodedAt(p, live, 0.3, 0.2);
    const ceiling = levelCeiling(p, film, fps, durationSec, live, hold, decoded);
    expect(ceiling.best.playsDropped).toBe(0);
    expect(ceiling.best.deadRemovedSec).toBeLessThan(ceiling.best.deadSec - 7);
    expect(ceiling.auc).toBeLessThan(1);
  });
});

describe('liveDeadAuc', () => {
  it('ignores the allowance around each play and is null without live play', () => {
    // High right after the play (inside the 3-s allowance) and low elsewhere: still a perfect rank.
    const live = [{ start: 10, end: 20 }];
    const p = track(0.1, [
      [10, 20, 0.9],
      [20, 22.8, 0.95],
    ]);
    expect(liveDeadAuc(p, fps, live)).toBe(1);
    expect(liveDeadAuc(p, fps, [])).toBeNull();
  });
});
