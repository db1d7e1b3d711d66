import { FieldRegion } from './field-region.js';
import { findComponents } from './components.js';
import { estimateCameraMotion, type CameraMotion } from './global-motion.js';
import { measurePlayerScale, type PlayerScale } from './player-scale.js';
import type { PlanarMotion, PlanarMotionSample } from './planar-motion.js';
import { movingBlockShifts } from './residual-motion.js';
import {
  CHANGED_THRESHOLD,
  COLOUR_BINS,
  FIELD_REFRESH_FRAMES,
  MOVING_THRESHOLD,
} from './tuning.js';

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
  /** Moving field pixels (count at analysis size). */
  movingPx: number;
  /** People on the field: median blob height (px, 0 = none seen) and count, from the last refresh. */
  people: PlayerScale;
  /** Separate moving blobs at least a quarter of a person in size. */
  movers: number;
  /** Horizontal extent of the moving pixels (10th to 90th percentile of x, px). */
  spreadPx: number;
  /** Displacement (px) of moving blocks after undoing the camera: median and 80th percentile. */
  shiftMedianPx: number;
  shiftHighPx: number;
  /** Share of the frame's columns where the playing field was found (a field spans the picture). */
  fieldWidth: number;
  /** What moved after undoing the camera with a homography (null when it could not be fitted). */
  planar: PlanarMotionSample | null;
}

/** Computes camera-compensated motion features for a stream of same-sized rgb24 frames. */
export class MotionAnalyser {
  private prevRgb: Uint8Array | null = null;
  private prevGray: Uint8Array | null = null;
  private prevHist: Float32Array | null = null;
  private readonly field: FieldRegion;
  private frames = 0;
  private regionPixels = 0;
  private people: PlayerScale = { heightPx: 0, count: 0 };
  private readonly labels: Int32Array;
  private readonly scratch: Uint8Array;
  private readonly movingMask: Uint8Array;
  /**
   * The last frame's colour histogram: COLOUR_BINS bins (2 bits per channel), each a share of the
   * frame. What a shot looks like, to tell the main camera's view from a cutaway (shots.ts).
   */
  readonly colours = new Float32Array(COLOUR_BINS);
  /** When set, receives 255 for each moving field pixel of the last frame (for inspection). */
  debugMask: Uint8Array | null = null;

  constructor(
    private readonly width: number,
    private readonly height: number,
    private readonly planar: PlanarMotion | null = null,
  ) {
    this.field = new FieldRegion(width, height);
    this.labels = new Int32Array(width * height);
    this.scratch = new Uint8Array(width * height);
    this.movingMask = new Uint8Array(width * height);
  }

  /** Returns null for the first frame (nothing to compare with). */
  push(frame: Uint8Array): MotionSample | null {
    const { width, height } = this;
    // A plain Uint8Array view keeps the hot loops monomorphic (frames arrive as Buffers).
    const rgb = new Uint8Array(frame.buffer, frame.byteOffset, frame.byteLength);
    const gray = new Uint8Array(width * height);
    const hist = new Float32Array(COLOUR_BINS);
    for (let i = 0, o = 0; i < gray.length; i++, o += 3) {
      const r = rgb[o]!;
      const g = rgb[o + 1]!;
      const b = rgb[o + 2]!;
      gray[i] = (r * 77 + g * 150 + b * 29) >> 8;
      hist[((r >> 6) << 4) | ((g >> 6) << 2) | (b >> 6)]! += 1;
    }
    for (let i = 0; i < COLOUR_BINS; i++) this.colours[i] = hist[i]! / gray.length;
    // The field barely changes within a second: refresh its outline every few frames.
    if (this.frames++ % FIELD_REFRESH_FRAMES === 0) {
      this.regionPixels = this.field.update(rgb);
      this.people = this.regionPixels > 0 ? this.measurePeople() : { heightPx: 0, count: 0 };
    }
    const regionPixels = this.regionPixels;
    const planar = this.planar?.push(gray) ?? null;
    const prev = this.prevRgb;
    const prevGray = this.prevGray;
    const prevHist = this.prevHist;
    this.prevRgb = rgb;
    this.prevGray = gray;
    this.prevHist = hist;
    if (!prev || !prevGray || !prevHist) return null;

    let histogramChange = 0;
    for (let i = 0; i < COLOUR_BINS; i++) histogramChange += Math.abs(hist[i]! - prevHist[i]!);
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
        const o = (y * width + x) * 3;
        const q = (py * width + px) * 3;
        const r = rgb[o]!;
        const g = rgb[o + 1]!;
        const b = rgb[o + 2]!;
        let best = Math.abs(r - prev[q]!) + Math.abs(g - prev[q + 1]!) + Math.abs(b - prev[q + 2]!);
        if (best >= MOVING_THRESHOLD) best = rangeDistance(prev, q, width * 3, r, g, b);
        compared++;
        if (best >= CHANGED_THRESHOLD) changed++;
        if (best >= MOVING_THRESHOLD && y >= top[x]!) flags[y * width + x] = 1;
      }
    }
    // Keep only changes at least 2 px wide and 2 px tall: thin field lines flicker between
    // neighbouring pixels as the camera moves, players are blobs.
    const mask = this.movingMask;
    mask.fill(0);
    const columnCounts = new Int32Array(width);
    for (let y = 1; y < height - 1; y++) {
      for (let x = 1; x < width - 1; x++) {
        const i = y * width + x;
        if (!flags[i]) continue;
        if ((flags[i - 1] || flags[i + 1]) && (flags[i - width] || flags[i + width])) {
          moving++;
          mask[i] = 1;
          columnCounts[x]!++;
          if (this.debugMask) this.debugMask[i] = 255;
        }
      }
    }
    const scale = this.people.heightPx;
    const minMover = Math.max(3, Math.round(scale > 0 ? (scale * scale) / 16 : 3));
    const movers =
      moving > 0 ? findComponents(mask, width, height, this.labels, minMover).length : 0;
    const shifts =
      moving > 0
        ? movingBlockShifts(
            gray,
            prevGray,
            width,
            height,
            mask,
            colMap,
            rowMap,
            Math.max(3, Math.min(10, Math.round(scale > 0 ? scale * 0.8 : 6))),
          )
        : [];
    return {
      fieldMotion: regionPixels > 0 ? moving / regionPixels : 0,
      frameChange: compared > 0 ? changed / compared : 1,
      histogramChange,
      fieldShare: regionPixels / (width * height),
      camera,
      movingPx: moving,
      people: this.people,
      movers,
      spreadPx: spread(columnCounts, moving),
      shiftMedianPx: shifts.length > 0 ? shifts[shifts.length >> 1]! : 0,
      shiftHighPx: shifts.length > 0 ? shifts[Math.floor(shifts.length * 0.2)]! : 0,
      fieldWidth: regionPixels > 0 ? this.field.columnsWithField / width : 0,
      planar,
    };
  }

  /** Person-shaped blobs of non-field colour inside the field region. */
  private measurePeople(): PlayerScale {
    const { width, height, scratch } = this;
    const colour = this.field.fieldColour;
    const top = this.field.top;
    scratch.fill(0);
    for (let x = 0; x < width; x++) {
      for (let y = Math.min(height, top[x]! + 1); y < height; y++) {
        const i = y * width + x;
        scratch[i] = colour[i] ? 0 : 1;
      }
    }
    return measurePlayerScale(scratch, width, height, this.labels);
  }
}

/** Width (px) holding the middle 80% of the moving pixels. */
function spread(columnCounts: Int32Array, total: number): number {
  if (total < 4) return 0;
  let seen = 0;
  let lo = -1;
  let hi = 0;
  for (let x = 0; x < columnCounts.length; x++) {
    seen += columnCounts[x]!;
    if (lo < 0 && seen >= total * 0.1) lo = x;
    if (seen <= total * 0.9) hi = x;
  }
  return Math.max(0, hi - Math.max(0, lo));
}

/**
 * Distance of a colour from the per-channel colour range of the 3x3 neighbourhood around `q` a frame
 * earlier: thin lines and edges that shift by a fraction of a pixel stay inside that range, a player
 * who moved does not. Never more than the plain difference to the centre pixel.
 */
function rangeDistance(
  prev: Uint8Array,
  q: number,
  stride: number,
  r: number,
  g: number,
  b: number,
): number {
  let rLo = 255,
    gLo = 255,
    bLo = 255,
    rHi = 0,
    gHi = 0,
    bHi = 0;
  for (let dy = -stride; dy <= stride; dy += stride) {
    for (let dx = -3; dx <= 3; dx += 3) {
      const k = q + dy + dx;
      const pr = prev[k]!;
      const pg = prev[k + 1]!;
      const pb = prev[k + 2]!;
      if (pr < rLo) rLo = pr;
      if (pr > rHi) rHi = pr;
      if (pg < gLo) gLo = pg;
      if (pg > gHi) gHi = pg;
      if (pb < bLo) bLo = pb;
      if (pb > bHi) bHi = pb;
    }
  }
  return (
    (r < rLo ? rLo - r : r > rHi ? r - rHi : 0) +
    (g < gLo ? gLo - g : g > gHi ? g - gHi : 0) +
    (b < bLo ? bLo - b : b > bHi ? b - bHi : 0)
  );
}
