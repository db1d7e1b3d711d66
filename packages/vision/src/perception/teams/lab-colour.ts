/** CIE L*a*b* colour (D65): distances in it follow perceived colour differences. */
export type Lab = [number, number, number];

function toLinearExact(c: number): number {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

/** `toLinearExact` of every 8-bit value: pixels are converted by the million, and `** 2.4` is slow. */
const LINEAR = Float64Array.from({ length: 256 }, (_, c) => toLinearExact(c));

function toLinear(c: number): number {
  return Number.isInteger(c) && c >= 0 && c <= 255 ? LINEAR[c]! : toLinearExact(c);
}

function fromLinear(v: number): number {
  const c = v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
  return Math.max(0, Math.min(255, Math.round(c * 255)));
}

const F = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
const FINV = (t: number): number => (t ** 3 > 216 / 24389 ? t ** 3 : (116 * t - 16) / (24389 / 27));
const WHITE = [0.95047, 1, 1.08883] as const;

export function rgbToLab(r: number, g: number, b: number): Lab {
  const lr = toLinear(r);
  const lg = toLinear(g);
  const lb = toLinear(b);
  const x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / WHITE[0];
  const y = (0.2126 * lr + 0.7152 * lg + 0.0722 * lb) / WHITE[1];
  const z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / WHITE[2];
  const fx = F(x);
  const fy = F(y);
  const fz = F(z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

export function labToRgb([l, a, b]: readonly number[]): [number, number, number] {
  const fy = ((l ?? 0) + 16) / 116;
  const fx = fy + (a ?? 0) / 500;
  const fz = fy - (b ?? 0) / 200;
  const x = FINV(fx) * WHITE[0];
  const y = FINV(fy) * WHITE[1];
  const z = FINV(fz) * WHITE[2];
  return [
    fromLinear(3.2406 * x - 1.5372 * y - 0.4986 * z),
    fromLinear(-0.9689 * x + 1.8758 * y + 0.0415 * z),
    fromLinear(0.0557 * x - 0.204 * y + 1.057 * z),
  ];
}

/** Euclidean distance (CIE76). Not `Math.hypot`: it is called by the million and hypot is slow. */
export function labDistance(p: readonly number[], q: readonly number[]): number {
  const dl = (p[0] ?? 0) - (q[0] ?? 0);
  const da = (p[1] ?? 0) - (q[1] ?? 0);
  const db = (p[2] ?? 0) - (q[2] ?? 0);
  return Math.sqrt(dl * dl + da * da + db * db);
}

export function labToHex(lab: readonly number[]): string {
  const [r, g, b] = labToRgb(lab);
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

export function hexToLab(hex: string): Lab {
  const v = parseInt(hex.replace('#', ''), 16);
  return rgbToLab((v >> 16) & 255, (v >> 8) & 255, v & 255);
}
