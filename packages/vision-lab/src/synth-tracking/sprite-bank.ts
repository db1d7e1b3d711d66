import sharp from 'sharp';
import type { PersonFinder } from '@filmroom/vision/perception';

/** A real person cut out of a real frame: RGBA pixels with the grass keyed out. */
export interface PersonSprite {
  width: number;
  height: number;
  /** RGBA, row after row. */
  rgba: Uint8Array;
  /** Rows of the sprite where the person's feet are (the figure's bottom). */
  feetRow: number;
  /** Rows where the person's head starts. */
  headRow: number;
}

function isGrass(r: number, g: number, b: number): boolean {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max !== g || max < 40) return false;
  const saturation = (max - min) / max;
  return saturation > 0.18 && g > r + 8 && g > b + 8;
}

/**
 * Cuts the people a real detector finds on a real broadcast frame out of their grass, so synthetic
 * films show real human shapes (drawn cartoon figures score below 0.15 with CenterNet).
 */
export async function buildSpriteBank(
  framePath: string,
  finder: PersonFinder,
  minScore = 0.3,
): Promise<PersonSprite[]> {
  const { data, info } = await sharp(framePath)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const frame = { width: info.width, height: info.height, data: new Uint8Array(data) };
  const detections = await finder.detect(frame, { minScore });
  const sprites: PersonSprite[] = [];
  for (const d of detections) {
    const [bx, by, bw, bh] = d.box;
    if (bh < 40 || bh > info.height * 0.5) continue;
    const mx = Math.round(bw * 0.25);
    const my = Math.round(bh * 0.08);
    const x0 = Math.max(0, Math.round(bx) - mx);
    const y0 = Math.max(0, Math.round(by) - my);
    const x1 = Math.min(info.width, Math.round(bx + bw) + mx);
    const y1 = Math.min(info.height, Math.round(by + bh) + my);
    const w = x1 - x0;
    const h = y1 - y0;
    const rgba = new Uint8Array(w * h * 4);
    let grassRatio = 0;
    let headRow = h;
    let feetRow = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const s = ((y0 + y) * info.width + x0 + x) * 3;
        const r = data[s] ?? 0;
        const g = data[s + 1] ?? 0;
        const b = data[s + 2] ?? 0;
        const o = (y * w + x) * 4;
        rgba[o] = r;
        rgba[o + 1] = g;
        rgba[o + 2] = b;
        const grass = isGrass(r, g, b);
        rgba[o + 3] = grass ? 0 : 255;
        if (grass) grassRatio += 1;
        else if (Math.abs(x - w / 2) < w * 0.3) {
          headRow = Math.min(headRow, y);
          feetRow = Math.max(feetRow, y);
        }
      }
    }
    // keep people standing on open grass (not spectators, boards or overlapping pairs)
    if (grassRatio / (w * h) < 0.45) continue;
    sprites.push({ width: w, height: h, rgba, feetRow, headRow });
  }
  return sprites;
}

/** Resizes a sprite so the person stands `personHeight` pixels tall; also returns its tight box. */
export async function scaleSprite(
  sprite: PersonSprite,
  personHeight: number,
): Promise<{ sprite: PersonSprite; tight: [number, number, number, number] }> {
  const factor = personHeight / Math.max(1, sprite.feetRow - sprite.headRow);
  const width = Math.max(1, Math.round(sprite.width * factor));
  const height = Math.max(1, Math.round(sprite.height * factor));
  const rgba = new Uint8Array(
    await sharp(sprite.rgba, { raw: { width: sprite.width, height: sprite.height, channels: 4 } })
      .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
      .raw()
      .toBuffer(),
  );
  let x0 = width;
  let x1 = -1;
  let y0 = height;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((rgba[(y * width + x) * 4 + 3] ?? 0) < 128) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  const scaled: PersonSprite = {
    width,
    height,
    rgba,
    headRow: Math.round(sprite.headRow * factor),
    feetRow: Math.round(sprite.feetRow * factor),
  };
  return { sprite: scaled, tight: [x0, y0, Math.max(1, x1 - x0 + 1), Math.max(1, y1 - y0 + 1)] };
}
