import type { Box, RgbFrame } from '../detector/types.js';
import { isFieldPixel, type FieldModel } from './field-colour.js';
import { labToRgb, rgbToLab, type Lab } from './lab-colour.js';

/** A colour in linear-light sRGB, each channel 0–1. */
export type LinearRgb = [number, number, number];

function toLinear(c: number): number {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

const LINEAR = Float64Array.from({ length: 256 }, (_, c) => toLinear(c));

const luminance = (r: number, g: number, b: number): number => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/**
 * A line pixel's neighbours this far away (pixels) on all four sides match it within
 * `EVEN_CHANNEL` per channel: only the inside of a line carries its colour. Film stores colour at
 * half the resolution, so a thin line, and the edges of any line, take the colour of the surface.
 */
const EVEN_REACH = 2;
const EVEN_CHANNEL = 14;
/** Surfaces darker than this (L*) are none. */
const MIN_SURFACE_LIGHTNESS = 25;
/** Lines darker than this (linear luminance; L* ≈ 55) are no white. */
const MIN_LINE_LUMINANCE = 0.23;
/** Fewer line pixels than this in a frame give no estimate. */
const MIN_LINE_PIXELS = 20;
/** A line is at least this much brighter (linear luminance) than the surface it is painted on. */
const LINE_OVER_SURFACE = 1.4;
/**
 * A painted line under a coloured light still has all three channels lit: (max − min) / max of its
 * 8-bit values stays under this (a yellow or red graphic on the field, or a coloured logo, does not).
 */
const MAX_LINE_SPREAD = 0.45;

function insideAny(x: number, y: number, boxes: readonly Box[]): boolean {
  return boxes.some(([bx, by, bw, bh]) => x >= bx && x < bx + bw && y >= by && y < by + bh);
}

/**
 * The colour of the white lines painted on the playing surface in this frame (linear RGB), or null
 * when too few are in view. A line pixel is a bright, all-channel pixel outside the people with the
 * surface on both sides of it (left and right, or above and below): ad boards, stands and sky have
 * no surface around them. The brighter half of those pixels is kept: a line's blurred edges are
 * mixed with the surface's colour. Channels at the top of the range are clipped and carry no cast.
 */
export function surfaceLineWhite(
  frame: RgbFrame,
  people: readonly Box[],
  field: FieldModel,
): LinearRgb | null {
  const { width, height, data } = frame;
  // a dark 'surface' is a letterbox, a dark stand or a night sky, not a playing surface
  if (field.colour[0] < MIN_SURFACE_LIGHTNESS) return null;
  const fieldRgb = labToRgb(field.colour);
  const fieldY = luminance(LINEAR[fieldRgb[0]]!, LINEAR[fieldRgb[1]]!, LINEAR[fieldRgb[2]]!);
  const reach = Math.max(6, Math.round(width / 60));
  const step = Math.max(1, Math.round(width / 640));
  const fieldAt = (x: number, y: number): boolean => {
    if (x < 0 || y < 0 || x >= width || y >= height) return false;
    const o = (y * width + x) * 3;
    return isFieldPixel(field, rgbToLab(data[o]!, data[o + 1]!, data[o + 2]!));
  };
  const even = (o: number, x: number, y: number): boolean =>
    [
      [EVEN_REACH, 0],
      [-EVEN_REACH, 0],
      [0, EVEN_REACH],
      [0, -EVEN_REACH],
    ].every(([dx, dy]) => {
      const nx = x + dx!;
      const ny = y + dy!;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) return false;
      const n = (ny * width + nx) * 3;
      return (
        Math.abs(data[n]! - data[o]!) <= EVEN_CHANNEL &&
        Math.abs(data[n + 1]! - data[o + 1]!) <= EVEN_CHANNEL &&
        Math.abs(data[n + 2]! - data[o + 2]!) <= EVEN_CHANNEL
      );
    });
  const found: { y: number; rgb: LinearRgb }[] = [];
  for (let y = Math.floor(height * 0.15); y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      const o = (y * width + x) * 3;
      const r = data[o]!;
      const g = data[o + 1]!;
      const b = data[o + 2]!;
      const hi = Math.max(r, g, b);
      if (hi >= 250 || hi - Math.min(r, g, b) > hi * MAX_LINE_SPREAD) continue;
      const rgb: LinearRgb = [LINEAR[r]!, LINEAR[g]!, LINEAR[b]!];
      const y0 = luminance(...rgb);
      if (y0 < fieldY * LINE_OVER_SURFACE || y0 < MIN_LINE_LUMINANCE) continue;
      if (!even(o, x, y) || insideAny(x, y, people)) continue;
      const across =
        (fieldAt(x - reach, y) && fieldAt(x + reach, y)) ||
        (fieldAt(x, y - reach) && fieldAt(x, y + reach));
      if (across) found.push({ y: y0, rgb });
    }
  }
  if (found.length < MIN_LINE_PIXELS) return null;
  found.sort((p, q) => q.y - p.y);
  const core = found.slice(0, Math.ceil(found.length / 2));
  const sum: LinearRgb = [0, 0, 0];
  for (const { rgb } of core) for (let c = 0; c < 3; c++) sum[c] = sum[c]! + rgb[c]!;
  return sum.map((v) => v / core.length) as LinearRgb;
}

/** The film's line colour: the channel-wise median of its frames' estimates; null without any. */
export function filmLineWhite(estimates: readonly LinearRgb[]): LinearRgb | null {
  if (estimates.length === 0) return null;
  const median = (c: number): number => {
    const v = estimates.map((e) => e[c]!).sort((p, q) => p - q);
    return v[Math.floor(v.length / 2)]!;
  };
  return [median(0), median(1), median(2)];
}

/** The lines' luminance after the correction: a white a little short of paper white (L* ≈ 94). */
const TARGET_WHITE = 0.85;
/** The correction never brightens the picture more than this, nor darkens it. */
const MAX_BRIGHTEN = 1.5;
/** Nor changes a channel's balance more than this factor either way. */
const MAX_CAST = 1.6;

/**
 * Per-channel gains (linear light, a von Kries correction) that turn the lines white: the cast of
 * the light (warm floodlight, cool shade, indoor tungsten) is taken out, and a dim picture is
 * brought up to where its lines are white. Identity when the film showed no lines.
 */
export function whiteBalanceGains(white: LinearRgb | null): LinearRgb {
  if (!white) return [1, 1, 1];
  const y = luminance(...white);
  if (y <= 0) return [1, 1, 1];
  const brighten = Math.min(MAX_BRIGHTEN, Math.max(1, TARGET_WHITE / y));
  const clampCast = (k: number): number => Math.min(MAX_CAST, Math.max(1 / MAX_CAST, k));
  return white.map((c) => brighten * clampCast(c > 0 ? y / c : 1)) as LinearRgb;
}

/** A colour as it would look under a neutral light: `gains` applied in linear light. */
export function correctColour(lab: Lab, gains: LinearRgb): Lab {
  if (gains[0] === 1 && gains[1] === 1 && gains[2] === 1) return lab;
  // labToRgb rounds to 8 bits and clips: fine for naming, which is all this serves
  const rgb = labToRgb(lab);
  const out = rgb.map((c, i) => {
    const v = Math.min(1, LINEAR[c]! * gains[i]!);
    const s = v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
    return s * 255;
  });
  return rgbToLab(out[0]!, out[1]!, out[2]!);
}
