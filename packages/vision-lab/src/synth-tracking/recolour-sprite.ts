import sharp from 'sharp';
import type { PersonSprite } from './sprite-bank.js';

export type SpriteRole = 'outfield' | 'referee' | 'keeper';

/** Role of a source sprite; 'unused' for the ones too noisy to repaint cleanly. */
export type SourceRole = SpriteRole | 'unused';

export interface Kit {
  /** Jersey colour, '#rrggbb'. */
  primary: string;
  /** Shorts and trim colour. */
  secondary: string;
  /** Colour of the printed number. */
  numberColour: string;
}

type PixelKind = 'main' | 'white' | 'other';

function pixelKind(r: number, g: number, b: number): PixelKind {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (b > r + 25 && b >= g - 10) return 'main'; // light-blue kit
  if (r > 120 && g > 110 && b < 0.6 * g && Math.abs(r - g) < 60) return 'main'; // yellow kit
  if (min > 140 && max - min < 45) return 'white';
  return 'other';
}

function hexToRgb(hex: string): [number, number, number] {
  const v = parseInt(hex.replace('#', ''), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/** Which kind of person a sprite shows, from the colours of its upper body. */
export function spriteRole(sprite: PersonSprite): SourceRole {
  let blue = 0;
  let main = 0;
  let dark = 0;
  let warm = 0;
  let total = 0;
  const h = sprite.feetRow - sprite.headRow;
  for (let y = sprite.headRow + Math.round(h * 0.15); y < sprite.headRow + h * 0.5; y++) {
    for (let x = 0; x < sprite.width; x++) {
      const o = (y * sprite.width + x) * 4;
      if ((sprite.rgba[o + 3] ?? 0) === 0) continue;
      const r = sprite.rgba[o] ?? 0;
      const g = sprite.rgba[o + 1] ?? 0;
      const b = sprite.rgba[o + 2] ?? 0;
      total++;
      if (pixelKind(r, g, b) === 'main') {
        main++;
        if (b > r + 25) blue++;
      } else if (Math.max(r, g, b) < 60) dark++;
      else if (r > g + 40 && r > b + 40) warm++;
    }
  }
  if (total === 0) return 'referee';
  // the light-blue kits key and repaint cleanly; the yellow ones lose pixels to the grass key
  if (main / total > 0.3) return blue > main / 2 ? 'outfield' : 'unused';
  if (dark / total > 0.3) return 'referee';
  return warm / total > 0.2 ? 'unused' : 'referee';
}

/** Repaints an outfield sprite's kit (keeping its shading) and prints a number on the torso. */
export async function dressSprite(
  sprite: PersonSprite,
  kit: Kit,
  number: number | null,
): Promise<Uint8Array> {
  const out = Uint8Array.from(sprite.rgba);
  const primary = hexToRgb(kit.primary);
  const secondary = hexToRgb(kit.secondary);
  const torsoColumns: number[] = [];
  const h = sprite.feetRow - sprite.headRow;
  const bandTop = sprite.headRow + Math.round(h * 0.16);
  const bandBottom = sprite.headRow + Math.round(h * 0.42);
  for (let i = 0; i < sprite.width * sprite.height; i++) {
    const o = i * 4;
    if ((out[o + 3] ?? 0) === 0) continue;
    const r = out[o] ?? 0;
    const g = out[o + 1] ?? 0;
    const b = out[o + 2] ?? 0;
    const kind = pixelKind(r, g, b);
    if (kind === 'other') continue;
    const shade = Math.min(1.15, Math.max(0.3, Math.max(r, g, b) / (kind === 'main' ? 215 : 235)));
    const target = kind === 'main' ? primary : secondary;
    out[o] = Math.min(255, Math.round(target[0] * shade));
    out[o + 1] = Math.min(255, Math.round(target[1] * shade));
    out[o + 2] = Math.min(255, Math.round(target[2] * shade));
    const y = Math.floor(i / sprite.width);
    if (kind === 'main' && y >= bandTop && y <= bandBottom) torsoColumns.push(i % sprite.width);
  }
  if (number === null || torsoColumns.length === 0) return out;
  // printed across the middle of the torso and no wider than it, as on a real shirt (centred on the
  // mean column, a side-on figure's number ran off its back and was cut off by the sprite's outline)
  torsoColumns.sort((a, b) => a - b);
  const left = torsoColumns[Math.floor(torsoColumns.length * 0.1)]!;
  const right = torsoColumns[Math.floor(torsoColumns.length * 0.9)]!;
  const cx = (left + right + 1) / 2;
  const digitWidth = 0.7; // DejaVu Sans Bold digits, as a share of the font size
  const size = Math.min(h * 0.2, (right - left + 1) / (digitWidth * String(number).length));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${sprite.width}" height="${sprite.height}"><text x="${cx.toFixed(1)}" y="${(bandTop + size * 0.95).toFixed(1)}" font-family="DejaVu Sans" font-weight="bold" font-size="${size.toFixed(1)}" text-anchor="middle" fill="${kit.numberColour}">${number}</text></svg>`;
  const printed = await sharp(out, {
    raw: { width: sprite.width, height: sprite.height, channels: 4 },
  })
    .composite([{ input: Buffer.from(svg), blend: 'atop' }])
    .raw()
    .toBuffer();
  return new Uint8Array(printed);
}
