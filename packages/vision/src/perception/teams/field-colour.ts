import type { Box, RgbFrame } from '../detector/types.js';
import { labDistance, rgbToLab, type Lab } from './lab-colour.js';

/** The playing surface's colour, as the most common colour of the frame outside the people. */
export interface FieldModel {
  colour: Lab;
  /** Pixels closer than this (ΔE) count as field. */
  tolerance: number;
}

function insideAny(x: number, y: number, boxes: readonly Box[]): boolean {
  return boxes.some(([bx, by, bw, bh]) => x >= bx && x < bx + bw && y >= by && y < by + bh);
}

/** Estimates the field colour from a coarse colour histogram of the frame, ignoring the people. */
export function estimateFieldColour(frame: RgbFrame, people: readonly Box[]): FieldModel {
  const bins = new Map<number, { n: number; r: number; g: number; b: number }>();
  const step = Math.max(2, Math.round(Math.sqrt((frame.width * frame.height) / 20000)));
  for (let y = Math.floor(frame.height * 0.15); y < frame.height; y += step) {
    for (let x = 0; x < frame.width; x += step) {
      if (insideAny(x, y, people)) continue;
      const o = (y * frame.width + x) * 3;
      const r = frame.data[o] ?? 0;
      const g = frame.data[o + 1] ?? 0;
      const b = frame.data[o + 2] ?? 0;
      const key = ((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5);
      const bin = bins.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
      bin.n++;
      bin.r += r;
      bin.g += g;
      bin.b += b;
      bins.set(key, bin);
    }
  }
  let best = { n: 0, r: 0, g: 0, b: 0 };
  for (const bin of bins.values()) if (bin.n > best.n) best = bin;
  const n = Math.max(1, best.n);
  return { colour: rgbToLab(best.r / n, best.g / n, best.b / n), tolerance: 20 };
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
