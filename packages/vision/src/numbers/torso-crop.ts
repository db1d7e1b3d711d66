import type { Box, RgbFrame } from '../detect/types.js';

/**
 * The part of a person box where a back number sits: below the shoulders to above the waist, the
 * middle of the width (the arms and the field beside them confuse the recogniser; measured on the
 * synthetic films: 71% per crop against 45% for the full shoulder-to-waist band).
 */
export function numberBand(box: Box, frame: { width: number; height: number }): Box {
  const [x, y, w, h] = box;
  const x0 = Math.max(0, Math.round(x + w * 0.2));
  const y0 = Math.max(0, Math.round(y + h * 0.11));
  const x1 = Math.min(frame.width, Math.round(x + w * 0.8));
  const y1 = Math.min(frame.height, Math.round(y + h * 0.43));
  return [x0, y0, Math.max(0, x1 - x0), Math.max(0, y1 - y0)];
}

export function cropRgb(frame: RgbFrame, [x, y, w, h]: Box): RgbFrame {
  const data = new Uint8Array(w * h * 3);
  for (let row = 0; row < h; row++) {
    const from = ((y + row) * frame.width + x) * 3;
    data.set(frame.data.subarray(from, from + w * 3), row * w * 3);
  }
  return { width: w, height: h, data };
}

/** Variance of the Laplacian of the grey crop: low values mean blur (motion, focus, compression). */
export function sharpness(crop: RgbFrame): number {
  const { width: w, height: h, data } = crop;
  const grey = (x: number, y: number): number => {
    const o = (y * w + x) * 3;
    return 0.299 * (data[o] ?? 0) + 0.587 * (data[o + 1] ?? 0) + 0.114 * (data[o + 2] ?? 0);
  };
  let sum = 0;
  let sq = 0;
  let n = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const v = 4 * grey(x, y) - grey(x - 1, y) - grey(x + 1, y) - grey(x, y - 1) - grey(x, y + 1);
      sum += v;
      sq += v * v;
      n++;
    }
  }
  if (n === 0) return 0;
  const m = sum / n;
  return sq / n - m * m;
}

export interface LegibilityInput {
  box: Box;
  score: number;
  /** Largest IoU of this person's box with any other person's box in the frame. */
  overlap: number;
  sharpness: number;
}

/**
 * Whether a person crop is worth reading: tall enough for digits, confidently a person, not
 * overlapped by someone else, not blurred. Cheap, so it runs before the recogniser.
 */
export function isLegibleCandidate(c: LegibilityInput, minHeight = 70): boolean {
  return c.box[3] >= minHeight && c.score >= 0.08 && c.overlap < 0.1 && c.sharpness >= 40;
}

/**
 * The number band found from the jersey itself rather than the box (a box also holds arms, legs and
 * a stride, and often misses the feet, so the torso is rarely where fixed fractions expect): the
 * columns and rows where the jersey colour shows, 10th to 90th percentile, widened a little. Falls
 * back to `numberBand` without a jersey colour or when too little of it shows.
 */
export function jerseyNumberBand(
  frame: RgbFrame,
  box: Box,
  isJersey: ((r: number, g: number, b: number) => boolean) | null,
): Box {
  const fallback = numberBand(box, frame);
  if (!isJersey) return fallback;
  const [x, y, w, h] = box;
  const x0 = Math.max(0, Math.round(x));
  const x1 = Math.min(frame.width, Math.round(x + w));
  const y0 = Math.max(0, Math.round(y + h * 0.05));
  const y1 = Math.min(frame.height, Math.round(y + h * 0.7));
  const columns: number[] = [];
  const rows: number[] = [];
  for (let yy = y0; yy < y1; yy += 2) {
    for (let xx = x0; xx < x1; xx += 2) {
      const o = (yy * frame.width + xx) * 3;
      if (!isJersey(frame.data[o] ?? 0, frame.data[o + 1] ?? 0, frame.data[o + 2] ?? 0)) continue;
      columns.push(xx);
      rows.push(yy);
    }
  }
  if (columns.length < ((y1 - y0) / 2) * (w / 2) * 0.1) return fallback;
  const pick = (v: number[], q: number): number => v[Math.floor(v.length * q)]!;
  columns.sort((a, b) => a - b);
  rows.sort((a, b) => a - b);
  const lo = pick(columns, 0.05);
  const hi = pick(columns, 0.95);
  const padX = (hi - lo) * 0.25;
  const left = Math.max(0, Math.round(lo - padX));
  const right = Math.min(frame.width, Math.round(hi + padX));
  const top = Math.max(0, Math.round(pick(rows, 0.05) - h * 0.02));
  // the shirt, not the shorts: at most ~0.4 of the person's height below its top
  const bottom = Math.min(frame.height, Math.round(Math.min(pick(rows, 0.95), top + h * 0.42)));
  if (right - left < 6 || bottom - top < 8) return fallback;
  return [left, top, right - left, bottom - top];
}
