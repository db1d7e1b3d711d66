import type { RgbFrame } from '../detector/types.js';
import { labToRgb, rgbToLab } from '../teams/lab-colour.js';

/**
 * Resizing and contrast stretching of small RGB images in this thread. The reader resizes ~1,200
 * crops and upper bodies a minute of film, each a few thousand pixels: a libvips pipeline (sharp)
 * costs ~3–4 ms a call in set-up and a hop to its thread pool; a recogniser crop takes ~0.3 ms here.
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
  /** Per output index, its taps' range in `sources` and `weights`: `first[i]` to `first[i + 1]`. */
  first: Int32Array;
  /** Source indices, clamped to the source (edges repeat), of the taps with a weight. */
  sources: Int32Array;
  /** Integer weights (sum `WEIGHT_ONE` per output index). */
  weights: Int32Array;
}

/**
 * Source taps of each output pixel along one axis; `centreOf(i)` is the source position of output
 * pixel i. When shrinking, the kernel is widened by the factor so every source pixel counts.
 */
function taps(from: number, to: number, centreOf: (i: number) => number): Taps {
  const stretch = Math.max(1, from / to);
  const radius = 2 * stretch;
  const span = Math.ceil(radius) * 2 + 1;
  const first = new Int32Array(to + 1);
  const sources: number[] = [];
  const weights: number[] = [];
  const real = new Float64Array(span);
  for (let i = 0; i < to; i++) {
    const exact = centreOf(i);
    const whole = Math.floor(exact);
    const centre = whole + Math.round((exact - whole) * POSITION_STEPS) / POSITION_STEPS;
    const start = Math.ceil(centre - radius);
    let sum = 0;
    for (let k = 0; k < span; k++) {
      real[k] = cubic((start + k - centre) / stretch);
      sum += real[k]!;
    }
    first[i] = sources.length;
    for (let k = 0; k < span; k++) {
      const w = Math.round((real[k]! / (sum || 1)) * WEIGHT_ONE);
      if (w === 0) continue;
      sources.push(Math.max(0, Math.min(from - 1, start + k)));
      weights.push(w);
    }
  }
  first[to] = sources.length;
  return { first, sources: Int32Array.from(sources), weights: Int32Array.from(weights) };
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

/** Pixels in integers during a resize: over- and undershoot kept between the two axes. */
interface Plane {
  width: number;
  height: number;
  data: Int32Array;
}

/** Stores a fixed-point sum rounded; clipped to a byte at the end of a libvips step (`clip`). */
function settle(sum: number, clip: boolean): number {
  const v = sum >> WEIGHT_SHIFT;
  return !clip ? v : v < 0 ? 0 : v > 255 ? 255 : v;
}

/**
 * One pass along rows in fixed point, rounded; clipped to bytes when `clip` (the end of a libvips
 * operation), kept whole otherwise (between the two axes of one enlargement).
 */
function passAcross(image: Plane, t: Taps, clip: boolean): Plane {
  const width = t.first.length - 1;
  const out = new Int32Array(width * image.height * 3);
  const { data } = image;
  const half = 1 << (WEIGHT_SHIFT - 1);
  for (let y = 0; y < image.height; y++) {
    const row = y * image.width * 3;
    for (let x = 0; x < width; x++) {
      let r = half;
      let g = half;
      let b = half;
      for (let k = t.first[x]!; k < t.first[x + 1]!; k++) {
        const w = t.weights[k]!;
        const s = row + t.sources[k]! * 3;
        r += w * data[s]!;
        g += w * data[s + 1]!;
        b += w * data[s + 2]!;
      }
      const o = (y * width + x) * 3;
      out[o] = settle(r, clip);
      out[o + 1] = settle(g, clip);
      out[o + 2] = settle(b, clip);
    }
  }
  return { width, height: image.height, data: out };
}

/** `passAcross` down the columns: each output row sums whole source rows. */
function passDown(image: Plane, t: Taps, clip: boolean): Plane {
  const height = t.first.length - 1;
  const rowLength = image.width * 3;
  const out = new Int32Array(rowLength * height);
  const { data } = image;
  const sum = new Int32Array(rowLength);
  for (let y = 0; y < height; y++) {
    sum.fill(1 << (WEIGHT_SHIFT - 1));
    for (let k = t.first[y]!; k < t.first[y + 1]!; k++) {
      const w = t.weights[k]!;
      const from = t.sources[k]! * rowLength;
      for (let j = 0; j < rowLength; j++) sum[j]! += w * data[from + j]!;
    }
    const to = y * rowLength;
    for (let j = 0; j < rowLength; j++) out[to + j] = settle(sum[j]!, clip);
  }
  return { width: image.width, height, data: out };
}

/**
 * `image` resized to `width` × `height` (aspect not kept) with a cubic kernel, the way
 * `sharp().resize(width, height, { fit: 'fill', kernel: 'cubic' })` does: axes that shrink are
 * reduced first; then, if either axis grows, both go through the enlarging step, in libvips' fixed
 * point. The recogniser and the text detector were tuned on sharp's pictures and are sensitive to
 * small changes: a centred enlargement without the half-pixel shift read 4 of 140 variant reads of
 * the 35 jersey crops fewer right; this one differs from sharp by 0.1 of a level on average.
 */
export function resizeRgb(image: RgbFrame, width: number, height: number): RgbFrame {
  let out: Plane = { width: image.width, height: image.height, data: Int32Array.from(image.data) };
  if (width < out.width) out = passAcross(out, reduceTaps(out.width, width), true);
  if (height < out.height) out = passDown(out, reduceTaps(out.height, height), true);
  if (width > out.width || height > out.height) {
    out = passAcross(out, enlargeTaps(out.width, width), false);
    out = passDown(out, enlargeTaps(out.height, height), true);
  }
  return { width, height, data: Uint8Array.from(out.data) };
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
