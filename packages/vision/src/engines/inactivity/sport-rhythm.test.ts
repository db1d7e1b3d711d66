import { describe, expect, it } from 'vitest';
import { decodeOptionsFor, decodePlays } from './live-play-model.js';
import { decodeOptionsForSport } from './sport-rhythm.js';

const fps = 5;
const levels = { enter: 0.6, stay: 0.3 };

describe("the film's sport in the decoder", () => {
  // Live from 5 s to 40 s with a 4-s lull at 20 s (the ball walked up the court).
  const p = new Float32Array(60 * fps).fill(0.05);
  p.fill(0.9, 5 * fps, 20 * fps);
  p.fill(0.9, 24 * fps, 40 * fps);
  const cuts = new Uint8Array(p.length);
  const decode = (sport: 'basketball' | 'american-football' | null) =>
    decodePlays(
      p,
      { cuts },
      fps,
      60,
      levels,
      decodeOptionsFor({ holdSec: 1 }, decodeOptionsForSport(sport)),
    ).segments;

  it('carries basketball play through a lull of a few seconds', () => {
    expect(decode('basketball')).toHaveLength(1);
  });

  it('ends an American football play, or one of no known sport, when the movement dies', () => {
    expect(decode('american-football')).toHaveLength(2);
    expect(decode(null)).toHaveLength(2);
  });
});
