import { describe, expect, it } from 'vitest';
import { decodeCentres, keepOneOutputChannel } from './centernet-head.js';

describe('CenterNet person head', () => {
  it('keeps peaks only, surest first, with boxes from the four distances', () => {
    const grid = 8;
    const heat = new Float32Array(grid * grid);
    const distances = new Float32Array(grid * grid * 4).fill(2);
    heat[2 * grid + 2] = 0.9; // a peak
    heat[2 * grid + 3] = 0.5; // its shoulder: not a peak
    heat[6 * grid + 5] = 0.4; // a second peak
    heat[0] = 0.03; // below the floor
    distances.set([4, 8, 6, 10], (2 * grid + 2) * 4);
    const found = decodeCentres(heat, distances, grid, grid, 4, 0.05, 10);
    expect(found.map((c) => c.score)).toEqual([expect.closeTo(0.9, 5), expect.closeTo(0.4, 5)]);
    // the cell (2, 2) is at (8, 8) in input pixels: left 4, top 8, right 6, bottom 10
    expect(found[0]!.box).toEqual([4, 0, 14, 18]);
    expect(decodeCentres(heat, distances, grid, grid, 4, 0.05, 1)).toHaveLength(1);
  });

  it('cuts a 1×1 class kernel and its bias to one channel, leaving the other weights as stored', () => {
    // kernel [1, 1, 2, 3], bias [3], then another weight
    const cut = keepOneOutputChannel(
      new Map([
        ['k', { shape: [1, 1, 2, 3], values: Float32Array.of(10, 11, 12, 20, 21, 22) }],
        ['b', { shape: [3], values: Float32Array.of(0.5, 1.5, 2.5) }],
        ['next', { shape: [1], values: Float32Array.of(7) }],
      ]),
      'k',
      'b',
      1,
    );
    expect(['k', 'b', 'next'].map((n) => cut.get(n)!.shape)).toEqual([[1, 1, 2, 1], [1], [1]]);
    expect(Array.from(cut.get('k')!.values)).toEqual([11, 21]);
    expect(cut.get('b')!.values[0]).toBe(1.5);
    expect(cut.get('next')!.values[0]).toBe(7);
  });

  it('refuses a model without the head it is asked to cut', () => {
    const constants = new Map([['x', { shape: [1], values: Float32Array.of(0) }]]);
    expect(() => keepOneOutputChannel(constants, 'k', 'b', 0)).toThrow(/no k and b/);
  });
});
