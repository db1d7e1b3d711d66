import type { Box, RgbFrame } from '../detector/types.js';
import { isFieldPixel, type FieldModel } from './field-colour.js';
import { labDistance, rgbToLab, type Lab } from './lab-colour.js';

/** The colours of one person's kit in one frame. */
export interface KitSample {
  /** Dominant torso colour (the jersey). */
  jersey: Lab;
  /**
   * The jersey where the light falls on it (`litColour` of its pixels): what a person names the
   * shirt by (a white shirt's mean, shadows and folds included, is a grey; a yellow one's a brown).
   * Absent on hand-made samples: the jersey colour stands in.
   */
  lit?: Lab;
  /** Second torso colour (number, trim) when it covers enough of the torso. */
  accent: Lab | null;
  /** Dominant colour of the shorts band. */
  shorts: Lab | null;
}

function regionPixels(
  frame: RgbFrame,
  box: Box,
  top: number,
  bottom: number,
  left: number,
  right: number,
  field: FieldModel,
): Lab[] {
  const [bx, by, bw, bh] = box;
  const x0 = Math.max(0, Math.round(bx + bw * left));
  const x1 = Math.min(frame.width, Math.round(bx + bw * right));
  const y0 = Math.max(0, Math.round(by + bh * top));
  const y1 = Math.min(frame.height, Math.round(by + bh * bottom));
  const area = Math.max(1, (x1 - x0) * (y1 - y0));
  const step = Math.max(1, Math.round(Math.sqrt(area / 400)));
  const out: Lab[] = [];
  for (let y = y0; y < y1; y += step) {
    for (let x = x0; x < x1; x += step) {
      const o = (y * frame.width + x) * 3;
      const lab = rgbToLab(frame.data[o] ?? 0, frame.data[o + 1] ?? 0, frame.data[o + 2] ?? 0);
      if (!isFieldPixel(field, lab)) out.push(lab);
    }
  }
  return out;
}

function mean(points: readonly Lab[]): Lab {
  const s: Lab = [0, 0, 0];
  for (const p of points) for (let k = 0; k < 3; k++) s[k] = (s[k] ?? 0) + (p[k] ?? 0);
  return s.map((v) => v / Math.max(1, points.length)) as Lab;
}

function squaredDistance(p: Lab, q: Lab): number {
  const dl = p[0] - q[0];
  const da = p[1] - q[1];
  const db = p[2] - q[2];
  return dl * dl + da * da + db * db;
}

/** The mean of the points whose side is `side` (all points when `side` is null). */
function meanOf(points: readonly Lab[], sides: Uint8Array | null, side: number): Lab | null {
  let l = 0;
  let a = 0;
  let b = 0;
  let n = 0;
  for (let i = 0; i < points.length; i++) {
    if (sides && sides[i] !== side) continue;
    const p = points[i]!;
    l += p[0];
    a += p[1];
    b += p[2];
    n++;
  }
  return n > 0 ? [l / n, a / n, b / n] : null;
}

/**
 * Two-means on colours: returns the clusters, larger first. Seeded with the mean and the point
 * farthest from it; at most 8 rounds, fewer once no point changes side (the centres stay put).
 */
export function twoMeans(points: readonly Lab[]): { centre: Lab; size: number }[] {
  if (points.length === 0) return [];
  let a = meanOf(points, null, 0)!;
  let b = points[0]!;
  let farthest = squaredDistance(b, a);
  for (const p of points) {
    const d = squaredDistance(p, a);
    if (d > farthest) [b, farthest] = [p, d];
  }
  const sides = new Uint8Array(points.length);
  let sizeA = 0;
  for (let iter = 0; iter < 8; iter++) {
    let changed = iter === 0;
    sizeA = 0;
    for (let i = 0; i < points.length; i++) {
      const p = points[i]!;
      const side = squaredDistance(p, a) <= squaredDistance(p, b) ? 0 : 1;
      if (side !== sides[i]) changed = true;
      sides[i] = side;
      if (side === 0) sizeA++;
    }
    if (!changed) break;
    a = meanOf(points, sides, 0) ?? a;
    b = meanOf(points, sides, 1) ?? b;
  }
  const clusters = [
    { centre: a, size: sizeA },
    { centre: b, size: points.length - sizeA },
  ].filter((c) => c.size > 0);
  return clusters.sort((p, q) => q.size - p.size);
}

/**
 * Whether a colour is a skin tone (an arm across the torso, a neck, a bare shoulder): a warm hue of
 * modest chroma. Shirts of that colour (a brown, a tan) are the torso's larger part and stay in.
 */
export function isSkinTone([l, a, b]: Lab): boolean {
  const chroma = Math.sqrt(a * a + b * b);
  const hue = (Math.atan2(b, a) * 180) / Math.PI;
  // a warm-lit white shirt has less chroma (under 12), a lit red or orange one a redder hue
  // (under 42) or more chroma: neither is taken for skin
  return l >= 20 && l <= 85 && chroma >= 12 && chroma <= 35 && hue >= 42 && hue <= 72;
}

/** The torso's pixels without skin, unless skin is most of them (then the shirt is that colour). */
function withoutSkin(torso: readonly Lab[]): readonly Lab[] {
  const shirt = torso.filter((p) => !isSkinTone(p));
  return shirt.length * 2 >= torso.length ? shirt : torso;
}

/** Samples a person's kit colours: torso (without the field showing through) and shorts. */
export function sampleKit(frame: RgbFrame, box: Box, field: FieldModel): KitSample | null {
  const torso = regionPixels(frame, box, 0.15, 0.45, 0.25, 0.75, field);
  if (torso.length < 12) return null;
  const clusters = twoMeans(torso);
  const jersey = clusters[0]!.centre;
  const second = clusters[1];
  const accent = second && second.size >= torso.length * 0.15 ? second.centre : null;
  const shortsPixels = regionPixels(frame, box, 0.5, 0.64, 0.2, 0.8, field);
  const shorts = shortsPixels.length >= 8 ? twoMeans(shortsPixels)[0]!.centre : null;
  // the team split works on the torso as a whole; the name on the shirt's own pixels
  const own = withoutSkin(
    second ? torso.filter((p) => labDistance(p, jersey) <= labDistance(p, second.centre)) : torso,
  );
  return { jersey, lit: litColour(own), accent, shorts };
}

/**
 * A cloth's colour where the light falls on it: the mean of the pixels between the 60th and the 90th
 * percentile of lightness (the brightest tenth is glare: red shirts under floodlights turned pink).
 */
export function litColour(points: readonly Lab[]): Lab {
  const byLight = [...points].sort((p, q) => (p[0] ?? 0) - (q[0] ?? 0));
  return mean(byLight.slice(Math.floor(byLight.length * 0.6), Math.ceil(byLight.length * 0.9)));
}

/** Channel-wise median of colours: robust to the odd sample taken during an occlusion. */
export function medianLab(points: readonly Lab[]): Lab | null {
  if (points.length === 0) return null;
  const med = (k: number): number => {
    const v = points.map((p) => p[k] ?? 0).sort((x, y) => x - y);
    return v[Math.floor(v.length / 2)] ?? 0;
  };
  return [med(0), med(1), med(2)];
}

/** A colour and how much it counts. */
export interface WeightedLab {
  lab: Lab;
  weight: number;
}

/**
 * Channel-wise weighted median of colours: the colour most of the weight agrees on, so a crowd of
 * small, far-off people does not outvote the few players seen large.
 */
export function weightedMedianLab(points: readonly WeightedLab[]): Lab | null {
  const kept = points.filter((p) => p.weight > 0);
  if (kept.length === 0) return null;
  const total = kept.reduce((s, p) => s + p.weight, 0);
  const med = (k: number): number => {
    const sorted = [...kept].sort((p, q) => (p.lab[k] ?? 0) - (q.lab[k] ?? 0));
    let seen = 0;
    for (const p of sorted) {
      seen += p.weight;
      if (seen >= total / 2) return p.lab[k] ?? 0;
    }
    return sorted[sorted.length - 1]!.lab[k] ?? 0;
  };
  return [med(0), med(1), med(2)];
}
