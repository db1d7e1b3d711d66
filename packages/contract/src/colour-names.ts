/** A colour in CIE L*a*b* (D65). */
export interface Lab {
  l: number;
  a: number;
  b: number;
}

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

/**
 * The name of a chromatic colour from its lightness L*, chroma C* and hue angle h (degrees, 0–360)
 * in CIE LCh. Hue ranges first, as a person sorts colours (a dim yellow shirt is still yellow, not
 * gold or brown), then lightness and chroma within them: maroon is a dark red, navy a dark blue,
 * brown a dark orange or yellow.
 */
function chromaticName(l: number, c: number, h: number): string | undefined {
  if (h >= 345 || h < 15) {
    if (l < 32) return c >= 25 ? 'maroon' : undefined;
    // a bright red under a strong light stays red; a magenta or a light red is pink
    return l >= 60 || (h >= 345 && l >= 45) ? 'pink' : 'red';
  }
  if (h < 45) {
    if (l < 45 && c < 25) return 'brown';
    if (l < 32) return 'maroon';
    return l >= 70 && c < 45 ? 'pink' : 'red';
  }
  if (h < 72) return l < 45 ? 'brown' : 'orange';
  if (h < 82) {
    if (l < 42) return 'brown';
    return c >= 60 && l >= 65 ? 'gold' : 'yellow';
  }
  if (h < 110) {
    if (c < 18) return undefined; // beige, khaki: named by lightness
    return l < 42 ? 'brown' : 'yellow';
  }
  if (h < 180) return l < 32 ? 'dark green' : l >= 68 ? 'light green' : 'green';
  if (h < 228) return l >= 70 ? 'light blue' : 'teal';
  if (h < 305) return l < 30 ? 'navy' : l >= 60 ? 'light blue' : 'blue';
  // a dark, dull blue leans to purple on film; a purple kit is far more saturated
  if (h < 330 && l < 35 && c < NAVY_PURPLE_CHROMA) return 'navy';
  return 'purple';
}

/** The name of a colour with little or no hue, by its lightness. */
function greyName(l: number): string {
  if (l >= 78) return 'white';
  if (l >= 70) return 'light grey';
  if (l >= 42) return 'grey';
  if (l >= 24) return 'dark grey';
  return 'black';
}

/** Below this chroma a colour has no hue worth naming (more is allowed near white: a cast shirt). */
const GREY_CHROMA = 9;
const WHITE_CHROMA = 14;
const NAVY_CHROMA = 5;
const NAVY_PURPLE_CHROMA = 20;
const DARK_LIGHTNESS = 16;
const DARK_CHROMA = 20;

/** The everyday name of a colour given in CIE L*a*b* (see `colourName`). */
export function labColourName({ l, a, b }: Lab): string {
  const c = Math.hypot(a, b);
  const h = ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360;
  // a dark blue seen dim keeps little chroma, and is still navy to a person (not black)
  if (l < 35 && c >= NAVY_CHROMA && c < GREY_CHROMA && h >= 220 && h < 330) return 'navy';
  if (c < GREY_CHROMA || (l >= 85 && c < WHITE_CHROMA)) return greyName(l);
  // too dark for a hue a person would name
  if (l < DARK_LIGHTNESS && c < DARK_CHROMA) return 'black';
  return chromaticName(l, c, h) ?? greyName(l);
}

/**
 * The everyday name of a jersey colour ('navy', 'light blue', 'maroon'...), so a team is never told
 * apart by its swatch alone. Answers 'unknown colour' for a value that is not #rgb or #rrggbb.
 */
export function colourName(hex: string): string {
  const lab = hexToLab(hex);
  return lab ? labColourName(lab) : 'unknown colour';
}
