import type { RgbFrame } from '../detect/types.js';
import { labToRgb, rgbToLab } from '../teams/lab-colour.js';

/**
 * Resizing and contrast stretching of small RGB images in this thread. The reader resizes ~1,200
 * crops and upper bodies a minute of film, each a few thousand pixels: a libvips pipeline (sharp)
 * costs ~3–4 ms a call in set-up and a hop to its thread pool, a tenth of that here.
 */

/** Catmull-Rom cubic (a = -0.5), the "cubic" kernel of libvips. */
function cubic(x: number): number {
  const t = Math.abs(x);
  if (t < 1) return 1.5 * t * t * t - 2.5 * t * t + 1;
  if (t < 2) return -0.5 * t * t * t + 2.5 * t * t - 4 * t + 2;
  return 0;
}

/** libvips' fixed point: positions in 1/64 pixel, weights in 1/4096. */
const POSITION_STEPS = 64;
const WEIGHT_SHIFT = 12;
const WEIGHT_ONE = 1 << WEIGHT_SHIFT;

interface Taps {
  /** First source index of each output index (may lie outside the source: edges repeat). */
  start: Int32Array;
  /** Integer weights (sum `WEIGHT_ONE`), `count` per output index. */
  weights: Int32Array;
  count: number;
}

/**
 * Source taps of each output pixel along one axis; `centreOf(i)` is the source position of output
 * pixel i. When shrinking, the kernel is widened by the factor so every source pixel counts.
 */
function taps(from: number, to: number, centreOf: (i: number) => number): Taps {
  const stretch = Math.max(1, from / to);
  const radius = 2 * stretch;
  const count = Math.ceil(radius) * 2 + 1;
  const start = new Int32Array(to);
  const weights = new Int32Array(to * count);
  const real = new Float64Array(count);
  for (let i = 0; i < to; i++) {
    const exact = centreOf(i);
    const whole = Math.floor(exact);
    const centre = whole + Math.round((exact - whole) * POSITION_STEPS) / POSITION_STEPS;
    const first = Math.ceil(centre - radius);
    let sum = 0;
    for (let k = 0; k < count; k++) {
      real[k] = cubic((first + k - centre) / stretch);
      sum += real[k]!;
    }
    for (let k = 0; k < count; k++)
      weights[i * count + k] = Math.round((real[k]! / (sum || 1)) * WEIGHT_ONE);
    start[i] = first;
  }
  return { start, weights, count };
}

/** Shrinking: output pixel centres spread evenly over the source's (libvips' reduce). */
function reduceTaps(from: number, to: number): Taps {
  const scale = from / to;
  return taps(from, to, (i) => (i + 0.5) * scale - 0.5);
}

/**
 * Enlarging, as libvips' resize does it (an affine transform with its input shifted half a pixel):
 * the output's first pixel sits half a pixel before the source's, on both axes, including one
 * that keeps its size.
 */
function enlargeTaps(from: number, to: number): Taps {
  const scale = from / to;
  return taps(from, to, (i) => i * scale - 0.5);
}

interface Plane {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray | Int32Array;
}

/**
 * One pass along rows (`across`) or columns in fixed point, rounded; clipped to bytes when `toBytes`
 * (the end of a libvips operation), kept whole otherwise (between the two axes of one enlargement).
 */
function pass(image: Plane, t: Taps, across: boolean, toBytes: boolean): Plane {
  const width = across ? t.start.length : image.width;
  const height = across ? image.height : t.start.length;
  const out = toBytes
    ? new Uint8ClampedArray(width * height * 3)
    : new Int32Array(width * height * 3);
  const { data } = image;
  const last = (across ? image.width : image.height) - 1;
  const half = 1 << (WEIGHT_SHIFT - 1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = across ? x : y;
      const first = t.start[i]!;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < t.count; k++) {
        const w = t.weights[i * t.count + k]!;
        if (w === 0) continue;
        const at = Math.max(0, Math.min(last, first + k));
        const s = across ? (y * image.width + at) * 3 : (at * image.width + x) * 3;
        r += w * data[s]!;
        g += w * data[s + 1]!;
        b += w * data[s + 2]!;
      }
      const o = (y * width + x) * 3;
      // a Uint8ClampedArray clips on store; an Int32Array keeps over- and undershoot for the next axis
      out[o] = (r + half) >> WEIGHT_SHIFT;
      out[o + 1] = (g + half) >> WEIGHT_SHIFT;
      out[o + 2] = (b + half) >> WEIGHT_SHIFT;
    }
  }
  return { width, height, data: out };
}

/**
 * `image` resized to `width` × `height` (aspect not kept) with a cubic kernel, the way
 * `sharp().resize(width, height, { fit: 'fill', kernel: 'cubic' })` does: axes that shrink are
 * reduced first; then, if either axis grows, both go through the enlarging step. The recogniser and
 * the text detector were tuned on sharp's pictures and tell the half-pixel shift apart (on the 35
 * jersey crops a centred enlargement read 4 of 140 variant reads fewer right).
 */
export function resizeRgb(image: RgbFrame, width: number, height: number): RgbFrame {
  let out: Plane = image;
  if (width < out.width) out = pass(out, reduceTaps(out.width, width), true, true);
  if (height < out.height) out = pass(out, reduceTaps(out.height, height), false, true);
  if (width > out.width || height > out.height) {
    out = pass(out, enlargeTaps(out.width, width), true, false);
    out = pass(out, enlargeTaps(out.height, height), false, true);
  }
  const { data } = out;
  return {
    width,
    height,
    data:
      out === image
        ? Uint8Array.from(data)
        : new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
}

/**
 * Contrast stretched on lightness: L* of CIE Lab from its 1st percentile to its highest value is
 * spread over 0–100, colour kept. This is what `sharp.normalise()` gives (measured on the jersey
 * crops: its "99th percentile" lands on the highest lightness, rounded up). An image of nearly one
 * lightness is returned as it is.
 */
export function normaliseLightness(image: RgbFrame): RgbFrame {
  const pixels = image.width * image.height;
  const labs = new Float32Array(pixels * 3);
  const histogram = new Uint32Array(101);
  let lightest = 0;
  for (let p = 0; p < pixels; p++) {
    const [l, a, b] = rgbToLab(image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!);
    labs[p * 3] = l;
    labs[p * 3 + 1] = a;
    labs[p * 3 + 2] = b;
    histogram[Math.max(0, Math.min(100, Math.floor(l)))]!++;
    if (l > lightest) lightest = l;
  }
  let low = 0;
  for (let seen = 0; low < 100; low++) {
    seen += histogram[low]!;
    if (seen > pixels * 0.01) break;
  }
  const high = Math.min(100, Math.ceil(lightest));
  if (Math.abs(high - low) <= 1) return image;
  const f = 100 / (high - low);
  const out = new Uint8Array(pixels * 3);
  for (let p = 0; p < pixels; p++) {
    const rgb = labToRgb([(labs[p * 3]! - low) * f, labs[p * 3 + 1]!, labs[p * 3 + 2]!]);
    out[p * 3] = rgb[0];
    out[p * 3 + 1] = rgb[1];
    out[p * 3 + 2] = rgb[2];
  }
  return { width: image.width, height: image.height, data: out };
}
