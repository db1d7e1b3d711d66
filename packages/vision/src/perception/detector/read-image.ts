import sharp from 'sharp';
import type { RgbFrame } from './types.js';

/** An encoded image file (JPEG, PNG, …) as an RGB frame; an alpha channel is dropped. */
export async function readImageRgb(path: string): Promise<RgbFrame> {
  const { data, info } = await sharp(path)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}
