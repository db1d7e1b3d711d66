import type { Box, RgbFrame } from '../detector/types.js';
import { labDistance, rgbToLab, type Lab } from './lab-colour.js';

/** The playing surface's colour, as the most common colour of the frame outside the people. */
export interface FieldModel {
  colour: Lab;
  /** Pixels closer than this (ΔE) count as field. */
  tolerance: number;
}

/** 1 where a person box covers the pixel: one fill per box instead of a test per sample and box. */
function peopleMask(frame: Pick<RgbFrame, 'width' | 'height'>, people: readonly Box[]): Uint8Array {
  const mask = new Uint8Array(frame.width * frame.height);
  for (const [bx, by, bw, bh] of people) {
    const x0 = Math.max(0, Math.ceil(bx));
    const x1 = Math.min(frame.width, Math.ceil(bx + bw));
    const y0 = Math.max(0, Math.ceil(by));
    const y1 = Math.min(frame.height, Math.ceil(by + bh));
    for (let y = y0; y < y1; y++) mask.fill(1, y * frame.width + x0, y * frame.width + x1);
  }
  return mask;
}

/** Estimates the field colour from a coarse colour histogram of the frame, ignoring the people. */
export function estimateFieldColour(frame: RgbFrame, people: readonly Box[]): FieldModel {
  // 512 bins of 3 bits a channel: count and channel sums, and the order bins were first seen in
  // (of two bins as full, the first seen wins)
  const count = new Int32Array(512);
  const sums = new Float64Array(512 * 3);
  const order: number[] = [];
  const covered = peopleMask(frame, people);
  const step = Math.max(2, Math.round(Math.sqrt((frame.width * frame.height) / 20000)));
  for (let y = Math.floor(frame.height * 0.15); y < frame.height; y += step) {
    for (let x = 0; x < frame.width; x += step) {
      if (covered[y * frame.width + x]) continue;
      const o = (y * frame.width + x) * 3;
      const r = frame.data[o] ?? 0;
      const g = frame.data[o + 1] ?? 0;
      const b = frame.data[o + 2] ?? 0;
      const key = ((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5);
      if (count[key] === 0) order.push(key);
      count[key]!++;
      sums[key * 3]! += r;
      sums[key * 3 + 1]! += g;
      sums[key * 3 + 2]! += b;
    }
  }
  let best = -1;
  for (const key of order) if (best < 0 || count[key]! > count[best]!) best = key;
  if (best < 0) return { colour: rgbToLab(0, 0, 0), tolerance: 20 };
  const n = count[best]!;
  return {
    colour: rgbToLab(sums[best * 3]! / n, sums[best * 3 + 1]! / n, sums[best * 3 + 2]! / n),
    tolerance: 20,
  };
}

export function isFieldPixel(field: FieldModel, lab: readonly number[]): boolean {
  // grass stripes differ mostly in lightness: weigh L less than the hue
  const dl = ((lab[0] ?? 0) - field.colour[0]) * 0.5;
  const da = (lab[1] ?? 0) - field.colour[1];
  const db = (lab[2] ?? 0) - field.colour[2];
  return (
    Math.hypot(dl, da, db) < field.tolerance ||
    labDistance(lab, field.colour) < field.tolerance * 0.8
  );
}
