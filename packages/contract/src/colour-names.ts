/** A colour in CIE L*a*b* (D65). */
export interface Lab {
  l: number;
  a: number;
  b: number;
}

/**
 * The names a person uses for a jersey, each with the shades it covers as kits and film show them
 * (broadcast and phone footage greys whites and darkens navies). A colour takes the name of its
 * perceptually nearest shade (CIEDE2000).
 */
const NAMED_SHADES: ReadonlyArray<readonly [name: string, shades: readonly string[]]> = [
  ['white', ['#ffffff', '#f2f2f2', '#e8e8ec']],
  ['light grey', ['#c8c8c8', '#b4b6ba', '#d3d3d3']],
  ['grey', ['#808080', '#9a9a9a', '#6e7074']],
  ['dark grey', ['#4a4a4a', '#3a3d42', '#555555']],
  ['black', ['#000000', '#141414', '#222222']],
  ['navy', ['#0c2340', '#1d2951', '#000080', '#13294b']],
  ['blue', ['#0046ad', '#1f5fbf', '#0000ff', '#2a52be']],
  ['light blue', ['#6cace4', '#87ceeb', '#add8e6', '#4fa3e0']],
  ['teal', ['#008080', '#00827f', '#006d75']],
  ['red', ['#c8102e', '#e21b23', '#ff0000', '#b22222']],
  ['maroon', ['#800000', '#6b1f2a', '#5a1a24']],
  ['orange', ['#ff8200', '#f47a20', '#ff6600']],
  ['yellow', ['#ffeb3b', '#ffff00', '#fce300']],
  ['gold', ['#ffb612', '#d4af37', '#c99700', '#b3995d']],
  ['green', ['#00843d', '#2e9d3a', '#00a651', '#228b22']],
  ['light green', ['#90ee90', '#7ac143', '#8fd694']],
  ['dark green', ['#154734', '#0b3d2e', '#006400', '#1b4d2b']],
  ['purple', ['#4f2683', '#6a1b9a', '#800080', '#5e2ca5']],
  ['pink', ['#ffc0cb', '#ff69b4', '#e91e63', '#f4a6c0']],
  ['brown', ['#654321', '#7b4a2d', '#8b4513', '#5c4033']],
];

function channel(hex: string, at: number): number {
  const value = parseInt(hex.slice(at, at + 2), 16) / 255;
  // sRGB transfer curve to linear light.
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

function normaliseHex(hex: string): string | undefined {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return undefined;
  const digits = match[1]!.toLowerCase();
  return digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
}

/** An sRGB colour (#rgb or #rrggbb) in CIE L*a*b* under D65; undefined when it is not one. */
export function hexToLab(hex: string): Lab | undefined {
  const digits = normaliseHex(hex);
  if (!digits) return undefined;
  const r = channel(digits, 0);
  const g = channel(digits, 2);
  const b = channel(digits, 4);
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 / 116) * t + 16 / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return { l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

const degrees = (radians: number) => (radians * 180) / Math.PI;
const radians = (deg: number) => (deg * Math.PI) / 180;

/** CIEDE2000 colour difference (Sharma, Wu and Dalal 2005), with kL = kC = kH = 1. */
export function deltaE2000(first: Lab, second: Lab): number {
  const c1 = Math.hypot(first.a, first.b);
  const c2 = Math.hypot(second.a, second.b);
  const meanC7 = ((c1 + c2) / 2) ** 7;
  const g = 0.5 * (1 - Math.sqrt(meanC7 / (meanC7 + 25 ** 7)));
  const a1 = (1 + g) * first.a;
  const a2 = (1 + g) * second.a;
  const cp1 = Math.hypot(a1, first.b);
  const cp2 = Math.hypot(a2, second.b);
  const hue = (a: number, b: number) =>
    a === 0 && b === 0 ? 0 : (degrees(Math.atan2(b, a)) + 360) % 360;
  const h1 = hue(a1, first.b);
  const h2 = hue(a2, second.b);

  const dL = second.l - first.l;
  const dC = cp2 - cp1;
  let dh = 0;
  if (cp1 * cp2 !== 0) {
    dh = h2 - h1;
    if (dh > 180) dh -= 360;
    else if (dh < -180) dh += 360;
  }
  const dH = 2 * Math.sqrt(cp1 * cp2) * Math.sin(radians(dh / 2));

  const meanL = (first.l + second.l) / 2;
  const meanCp = (cp1 + cp2) / 2;
  let meanH = h1 + h2;
  if (cp1 * cp2 !== 0) {
    if (Math.abs(h1 - h2) <= 180) meanH = (h1 + h2) / 2;
    else meanH = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2;
  }
  const t =
    1 -
    0.17 * Math.cos(radians(meanH - 30)) +
    0.24 * Math.cos(radians(2 * meanH)) +
    0.32 * Math.cos(radians(3 * meanH + 6)) -
    0.2 * Math.cos(radians(4 * meanH - 63));
  const dTheta = 30 * Math.exp(-(((meanH - 275) / 25) ** 2));
  const meanCp7 = meanCp ** 7;
  const rC = 2 * Math.sqrt(meanCp7 / (meanCp7 + 25 ** 7));
  const sL = 1 + (0.015 * (meanL - 50) ** 2) / Math.sqrt(20 + (meanL - 50) ** 2);
  const sC = 1 + 0.045 * meanCp;
  const sH = 1 + 0.015 * meanCp * t;
  const rT = -Math.sin(radians(2 * dTheta)) * rC;
  return Math.sqrt((dL / sL) ** 2 + (dC / sC) ** 2 + (dH / sH) ** 2 + rT * (dC / sC) * (dH / sH));
}

const NAMED_LABS = NAMED_SHADES.flatMap(([name, shades]) =>
  shades.map((shade) => ({ name, lab: hexToLab(shade)! })),
);

/**
 * The everyday name of a jersey colour ('navy', 'light blue', 'maroon'...), so a team is never told
 * apart by its swatch alone. Answers 'unknown colour' for a value that is not #rgb or #rrggbb.
 */
export function colourName(hex: string): string {
  const lab = hexToLab(hex);
  if (!lab) return 'unknown colour';
  let best = NAMED_LABS[0]!;
  let bestDistance = Infinity;
  for (const candidate of NAMED_LABS) {
    const distance = deltaE2000(lab, candidate.lab);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best.name;
}
