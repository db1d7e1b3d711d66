/**
 * What a frame says about its sport, as a few numbers a person can check by eye: the colour of the
 * playing surface (grass, hardwood, sand, painted court), thin white lines crossing the grass (yard
 * lines repeat every five yards across a football field; a soccer pitch has few), the texture of the
 * surface, and long horizontal structure above the floor (a volleyball net).
 */
export const SPORT_FEATURE_NAMES = [
  'grass',
  'wood',
  'sand',
  'blue',
  'red',
  'white',
  'dark',
  'grassLines',
  'floorTexture',
  'netBand',
  'saturation',
] as const;
export type SportFeatureName = (typeof SPORT_FEATURE_NAMES)[number];

/** An rgb24 frame (3 bytes a pixel, row-major). */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Hue in degrees [0, 360), saturation and value in [0, 1]. */
function hsv(r: number, g: number, b: number): [number, number, number] {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const v = max / 255;
  const d = max - min;
  const s = max === 0 ? 0 : d / max;
  if (d === 0) return [0, s, v];
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  h *= 60;
  return [h < 0 ? h + 360 : h, s, v];
}

const GRASS = 1;
const LINE = 2;

/** The share of the frame's lower part (the floor, where the surface shows) a colour class covers. */
export function sportFeatures(image: RgbImage): number[] {
  const { width, height, data } = image;
  // The playing surface fills the lower part of nearly every game shot; the top holds stands and sky.
  const floorTop = Math.floor(height * 0.35);
  const floorPixels = width * (height - floorTop);
  const kind = new Uint8Array(width * height);
  const luma = new Float32Array(width * height);
  let grass = 0;
  let wood = 0;
  let sand = 0;
  let blue = 0;
  let red = 0;
  let white = 0;
  let dark = 0;
  let saturation = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const r = data[i * 3]!;
      const g = data[i * 3 + 1]!;
      const b = data[i * 3 + 2]!;
      luma[i] = 0.299 * r + 0.587 * g + 0.114 * b;
      const [h, s, v] = hsv(r, g, b);
      const isGrass = h >= 65 && h <= 170 && s > 0.2 && v > 0.1;
      const isLine = s < 0.3 && v > 0.55;
      if (isGrass) kind[i] = GRASS;
      else if (isLine) kind[i] = LINE;
      if (y < floorTop) continue;
      saturation += s;
      if (isGrass) grass++;
      else if (h >= 18 && h < 50 && s >= 0.25 && s <= 0.85 && v > 0.35) wood++;
      else if (h >= 20 && h < 60 && s >= 0.1 && s < 0.25 && v > 0.55) sand++;
      else if (h >= 180 && h < 260 && s > 0.3 && v > 0.2) blue++;
      else if ((h < 18 || h >= 330) && s > 0.4 && v > 0.3) red++;
      if (s < 0.15 && v > 0.7) white++;
      if (v < 0.2) dark++;
    }
  }
  return [
    grass / floorPixels,
    wood / floorPixels,
    sand / floorPixels,
    blue / floorPixels,
    red / floorPixels,
    white / floorPixels,
    dark / floorPixels,
    grassLines(kind, width, height, floorTop),
    floorTexture(luma, width, height, floorTop),
    netBand(luma, width, height),
    saturation / floorPixels,
  ];
}

/**
 * Thin light stripes with grass on both sides, per 100 pixels of grass, along the rows or the columns
 * of the floor, whichever cross more: yard lines and hash marks cross a football field every few
 * metres (across the picture from the sideline, along it from the end zone), a soccer pitch a few times.
 */
function grassLines(kind: Uint8Array, width: number, height: number, top: number): number {
  const maxStripe = Math.max(2, Math.round(width / 60));
  const across = stripesAlong(
    kind,
    { lines: height - top, length: width, first: top * width, step: 1, next: width },
    maxStripe,
  );
  const down = stripesAlong(
    kind,
    { lines: width, length: height - top, first: top * width, step: width, next: 1 },
    maxStripe,
  );
  return Math.max(across, down);
}

/** Stripes per 100 grass pixels along `lines` scan lines of `length` pixels. */
function stripesAlong(
  kind: Uint8Array,
  scan: { lines: number; length: number; first: number; step: number; next: number },
  maxStripe: number,
): number {
  let stripes = 0;
  let grassSeen = 0;
  for (let l = 0; l < scan.lines; l++) {
    const at = (p: number): number | undefined => kind[scan.first + l * scan.next + p * scan.step];
    let p = 0;
    while (p < scan.length) {
      const k = at(p);
      if (k === GRASS) {
        grassSeen++;
        p++;
        continue;
      }
      if (k === LINE && p > 0 && at(p - 1) === GRASS) {
        let end = p;
        while (end < scan.length && at(end) === LINE) end++;
        if (end - p <= maxStripe && end < scan.length && at(end) === GRASS) stripes++;
        p = end;
        continue;
      }
      p++;
    }
  }
  return grassSeen > 0 ? (stripes * 100) / grassSeen : 0;
}

/** Mean absolute difference between neighbouring pixels on the floor (grass is rough, wood smooth). */
function floorTexture(luma: Float32Array, width: number, height: number, top: number): number {
  let sum = 0;
  let n = 0;
  for (let y = top; y < height - 1; y++) {
    for (let x = 0; x < width - 1; x++) {
      const i = y * width + x;
      sum += Math.abs(luma[i]! - luma[i + 1]!) + Math.abs(luma[i]! - luma[i + width]!);
      n += 2;
    }
  }
  return n > 0 ? sum / n / 255 : 0;
}

/**
 * How much of the strongest row in the frame's middle band is an unbroken horizontal edge: a net's
 * top tape runs across most of a volleyball court, where other sports show only short edges.
 */
function netBand(luma: Float32Array, width: number, height: number): number {
  const from = Math.floor(height * 0.15);
  const to = Math.floor(height * 0.7);
  let best = 0;
  for (let y = from; y < to; y++) {
    let run = 0;
    let longest = 0;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const vertical = Math.abs(luma[i + width]! - luma[i - width]!);
      const horizontal = Math.abs(luma[i + 1]! - luma[i - 1]!);
      if (x > 0 && x < width - 1 && vertical > 24 && vertical > 2 * horizontal) run++;
      else run = Math.max(0, run - 1);
      longest = Math.max(longest, run);
    }
    best = Math.max(best, longest);
  }
  return best / width;
}
