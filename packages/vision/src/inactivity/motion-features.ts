import { FieldRegion } from './field-region.js';
import { estimateCameraMotion, type CameraMotion } from './global-motion.js';

/** What the picture says about one sampled frame compared with the previous one. */
export interface MotionSample {
  /** Share of the field region that moved after removing camera motion (0..1). */
  fieldMotion: number;
  /** Share of the whole frame that changed beyond any camera motion (cut detector input). */
  frameChange: number;
  /** Colour histogram distance to the previous frame (0..1). */
  histogramChange: number;
  /** Field region share of the frame (0..1). */
  fieldShare: number;
  camera: CameraMotion;
}

const FIELD_REFRESH_FRAMES = 3;
const MOVING_THRESHOLD = 40;
const CHANGED_THRESHOLD = 90;

/** Computes camera-compensated motion features for a stream of same-sized rgb24 frames. */
export class MotionAnalyser {
  private prevMin: Uint8Array | null = null;
  private prevMax: Uint8Array | null = null;
  private prevGray: Uint8Array | null = null;
  private prevHist: Float32Array | null = null;
  private readonly field: FieldRegion;
  private frames = 0;
  private regionPixels = 0;
  /** When set, receives 255 for each moving field pixel of the last frame (for inspection). */
  debugMask: Uint8Array | null = null;

  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {
    this.field = new FieldRegion(width, height);
  }

  /** Returns null for the first frame (nothing to compare with). */
  push(rgb: Uint8Array): MotionSample | null {
    const { width, height } = this;
    const gray = new Uint8Array(width * height);
    const hist = new Float32Array(64);
    for (let i = 0, o = 0; i < gray.length; i++, o += 3) {
      const r = rgb[o]!;
      const g = rgb[o + 1]!;
      const b = rgb[o + 2]!;
      gray[i] = (r * 77 + g * 150 + b * 29) >> 8;
      hist[((r >> 6) << 4) | ((g >> 6) << 2) | (b >> 6)]! += 1;
    }
    // The field barely changes within a second: refresh its outline every few frames.
    if (this.frames++ % FIELD_REFRESH_FRAMES === 0) this.regionPixels = this.field.update(rgb);
    const regionPixels = this.regionPixels;
    const prevMin = this.prevMin;
    const prevMax = this.prevMax;
    const prevGray = this.prevGray;
    const prevHist = this.prevHist;
    [this.prevMin, this.prevMax] = neighbourhoodRange(rgb, width, height);
    this.prevGray = gray;
    this.prevHist = hist;
    if (!prevMin || !prevMax || !prevGray || !prevHist) return null;

    let histogramChange = 0;
    for (let i = 0; i < 64; i++) histogramChange += Math.abs(hist[i]! - prevHist[i]!);
    histogramChange /= 2 * gray.length;

    const camera = estimateCameraMotion(prevGray, gray, width, height);
    const cx = width / 2;
    const cy = height / 2;
    const colMap = new Int32Array(width);
    const rowMap = new Int32Array(height);
    for (let x = 0; x < width; x++) colMap[x] = Math.round(x + camera.tx + camera.scale * (x - cx));
    for (let y = 0; y < height; y++)
      rowMap[y] = Math.round(y + camera.ty + camera.scale * (y - cy));

    this.debugMask?.fill(0);
    const flags = new Uint8Array(width * height);
    let moving = 0;
    let changed = 0;
    let compared = 0;
    const top = this.field.top;
    for (let y = 1; y < height - 1; y++) {
      const py = rowMap[y]!;
      if (py < 1 || py >= height - 1) continue;
      for (let x = 1; x < width - 1; x++) {
        const px = colMap[x]!;
        if (px < 1 || px >= width - 1) continue;
        // Distance of the pixel from the colour range of the matching 3x3 neighbourhood a frame
        // earlier: thin lines and edges that shift by a fraction of a pixel stay inside the range.
        const o = (y * width + x) * 3;
        const q = (py * width + px) * 3;
        let best = 0;
        for (let c = 0; c < 3; c++) {
          const v = rgb[o + c]!;
          const lo = prevMin[q + c]!;
          const hi = prevMax[q + c]!;
          best += v < lo ? lo - v : v > hi ? v - hi : 0;
        }
        compared++;
        if (best >= CHANGED_THRESHOLD) changed++;
        if (best >= MOVING_THRESHOLD && y >= top[x]!) flags[y * width + x] = 1;
      }
    }
    // Keep only changes at least 2 px wide and 2 px tall: thin field lines flicker between
    // neighbouring pixels as the camera moves, players are blobs.
    for (let y = 1; y < height - 1; y++) {
      for (let x = 1; x < width - 1; x++) {
        const i = y * width + x;
        if (!flags[i]) continue;
        if ((flags[i - 1] || flags[i + 1]) && (flags[i - width] || flags[i + width])) {
          moving++;
          if (this.debugMask) this.debugMask[i] = 255;
        }
      }
    }
    return {
      fieldMotion: regionPixels > 0 ? moving / regionPixels : 0,
      frameChange: compared > 0 ? changed / compared : 1,
      histogramChange,
      fieldShare: regionPixels / (width * height),
      camera,
    };
  }
}

/** Per-channel minimum and maximum over each pixel's 3x3 neighbourhood (separable). */
function neighbourhoodRange(
  rgb: Uint8Array,
  width: number,
  height: number,
): [Uint8Array, Uint8Array] {
  const rowMin = new Uint8Array(rgb.length);
  const rowMax = new Uint8Array(rgb.length);
  const stride = width * 3;
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    for (let x = 0; x < width; x++) {
      const l = row + Math.max(0, x - 1) * 3;
      const m = row + x * 3;
      const r = row + Math.min(width - 1, x + 1) * 3;
      for (let c = 0; c < 3; c++) {
        const a = rgb[l + c]!;
        const b = rgb[m + c]!;
        const d = rgb[r + c]!;
        rowMin[m + c] = a < b ? (a < d ? a : d) : b < d ? b : d;
        rowMax[m + c] = a > b ? (a > d ? a : d) : b > d ? b : d;
      }
    }
  }
  const min = new Uint8Array(rgb.length);
  const max = new Uint8Array(rgb.length);
  for (let y = 0; y < height; y++) {
    const up = Math.max(0, y - 1) * stride;
    const mid = y * stride;
    const down = Math.min(height - 1, y + 1) * stride;
    for (let i = 0; i < stride; i++) {
      const a = rowMin[up + i]!;
      const b = rowMin[mid + i]!;
      const d = rowMin[down + i]!;
      min[mid + i] = a < b ? (a < d ? a : d) : b < d ? b : d;
      const e = rowMax[up + i]!;
      const f = rowMax[mid + i]!;
      const g = rowMax[down + i]!;
      max[mid + i] = e > f ? (e > g ? e : g) : f > g ? f : g;
    }
  }
  return [min, max];
}
