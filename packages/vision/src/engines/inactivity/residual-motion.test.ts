import { describe, expect, it } from 'vitest';
import { movingBlockShifts } from './residual-motion.js';

const W = 96;
const H = 64;

/** Textured 8x8 patches ("people") on a flat ground, each moved by its own (dx, dy). */
function scene(moves: [number, number][]): {
  prev: Uint8Array;
  cur: Uint8Array;
  moving: Uint8Array;
} {
  const prev = new Uint8Array(W * H).fill(100);
  const cur = new Uint8Array(W * H).fill(100);
  const moving = new Uint8Array(W * H);
  let state = 7;
  const random = (): number => {
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  moves.forEach(([dx, dy], k) => {
    // Patches sit on the 8-px block grid in the current frame, well apart.
    const x0 = 16 + (k % 4) * 16;
    const y0 = 16 + Math.floor(k / 4) * 24;
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 8; x++) {
        const v = 20 + Math.floor(random() * 200);
        cur[(y0 + y) * W + x0 + x] = v;
        prev[(y0 + y - dy) * W + x0 + x - dx] = v;
        moving[(y0 + y) * W + x0 + x] = 1;
      }
    }
  });
  return { prev, cur, moving };
}

const noCamera = {
  colMap: Int32Array.from({ length: W }, (_, x) => x),
  rowMap: Int32Array.from({ length: H }, (_, y) => y),
};

/** Shifts (px) the block matching measures for patches moved by `moves`, largest first. */
function measure(moves: [number, number][]): number[] {
  const { prev, cur, moving } = scene(moves);
  return movingBlockShifts(cur, prev, W, H, moving, noCamera.colMap, noCamera.rowMap, 4);
}

describe('movingBlockShifts', () => {
  it('measures how far each moving patch went', () => {
    expect(
      measure([
        [3, 0],
        [0, 2],
        [-1, 0],
        [2, 2],
      ]),
    ).toEqual([3, 2 * Math.SQRT2, 2, 1]);
  });

  it('keeps an exact match found before a smaller shift that matches worse', () => {
    // Moved right, the patch matches exactly at -3 px, which the search visits before 0 px.
    expect(measure([[3, 0]])).toEqual([3]);
    expect(measure([[0, 4]])).toEqual([4]);
  });

  it('gives a flat block no motion: ties go to the smaller shift', () => {
    const flat = new Uint8Array(W * H).fill(100);
    const moving = new Uint8Array(W * H);
    for (let y = 16; y < 24; y++) for (let x = 16; x < 24; x++) moving[y * W + x] = 1;
    expect(
      movingBlockShifts(flat, flat, W, H, moving, noCamera.colMap, noCamera.rowMap, 4),
    ).toEqual([0]);
  });
});
