import { describe, expect, it } from 'vitest';
import { FieldRegion } from './field-region.js';

const W = 96;
const H = 54;

/** An rgb24 frame: sky of `top` over ground of `ground` from row H/3 down. */
function frame(
  ground: [number, number, number],
  top: [number, number, number] = [90, 90, 140],
): Uint8Array {
  const rgb = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) rgb.set(y < H / 3 ? top : ground, (y * W + x) * 3);
  return rgb;
}

const GRASS: [number, number, number] = [60, 130, 60];
const BLEACHERS: [number, number, number] = [150, 150, 155];

describe('field region', () => {
  it('finds the field below the stands', () => {
    const field = new FieldRegion(W, H);
    let pixels = 0;
    for (let i = 0; i < 5; i++) pixels = field.update(frame(GRASS));
    expect(pixels / (W * H)).toBeGreaterThan(0.5);
    expect(field.columnsWithField).toBe(W);
  });

  it('sees no field while the camera is turned to the stands, and the field again when it comes back', () => {
    const field = new FieldRegion(W, H);
    for (let i = 0; i < 10; i++) field.update(frame(GRASS));
    const away = Array.from({ length: 8 }, () => field.update(frame(BLEACHERS, BLEACHERS)));
    expect(away).toEqual(new Array(8).fill(0));
    expect(field.columnsWithField).toBe(0);
    let back = 0;
    for (let i = 0; i < 10; i++) back = field.update(frame(GRASS));
    expect(back / (W * H)).toBeGreaterThan(0.5);
  });
});
