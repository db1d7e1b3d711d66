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
    // kernel [1, 1, 2, 3] as float16 (2 bytes a value), bias [3] as float32, then another weight
    const kernel = Buffer.from(Uint16Array.from([10, 11, 12, 20, 21, 22]).buffer);
    const bias = Buffer.from(Float32Array.from([0.5, 1.5, 2.5]).buffer);
    const after = Buffer.from(Float32Array.from([7]).buffer);
    const cut = keepOneOutputChannel(
      {
        specs: [
          {
            name: 'k',
            shape: [1, 1, 2, 3],
            dtype: 'float32',
            quantization: { dtype: 'float16' },
          },
          { name: 'b', shape: [3], dtype: 'float32' },
          { name: 'next', shape: [1], dtype: 'float32' },
        ],
        data: Buffer.concat([kernel, bias, after]),
      },
      'k',
      'b',
      1,
    );
    expect(cut.specs.map((s) => s.shape)).toEqual([[1, 1, 2, 1], [1], [1]]);
    const data = new DataView(cut.data.buffer, cut.data.byteOffset, cut.data.byteLength);
    expect([data.getUint16(0, true), data.getUint16(2, true)]).toEqual([11, 21]);
    expect(data.getFloat32(4, true)).toBe(1.5);
    expect(data.getFloat32(8, true)).toBe(7);
  });

  it('refuses a model without the head it is asked to cut', () => {
    const weights = {
      specs: [{ name: 'x', shape: [1], dtype: 'float32' as const }],
      data: Buffer.alloc(4),
    };
    expect(() => keepOneOutputChannel(weights, 'k', 'b', 0)).toThrow(/no k and b/);
  });
});
