import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readImageRgb } from '../detector/read-image.js';
import type { RgbFrame } from '../detector/types.js';
import { rgbToLab } from '../teams/lab-colour.js';
import { sharedMediaForTests, withSkipReason } from '@filmroom/test-media';
import { normaliseLightness, resizeRgb } from './rgb-resize.js';

const photo = sharedMediaForTests('frames/zidane.jpg');

function cut(frame: RgbFrame, x: number, y: number, width: number, height: number): RgbFrame {
  const data = new Uint8Array(width * height * 3);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * frame.width + x) * 3;
    data.set(frame.data.subarray(from, from + width * 3), row * width * 3);
  }
  return { width, height, data };
}

function meanDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe('resizing small pictures in this thread', () => {
  it.skipIf(!photo.path)(
    withSkipReason('gives the pictures libvips gives, enlarging, shrinking and both', photo),
    async () => {
      const frame = await readImageRgb(photo.path!);
      for (const [w, h, width, height] of [
        [22, 29, 58, 48], // a number crop read by the recogniser
        [60, 120, 200, 400], // an upper body for the text detector
        [80, 100, 60, 48], // a band read smaller
        [30, 100, 60, 48], // wider and shorter
      ] as const) {
        const crop = cut(frame, 500, 300, w, h);
        const reference = await sharp(crop.data, { raw: { width: w, height: h, channels: 3 } })
          .resize(width, height, { fit: 'fill', kernel: 'cubic' })
          .raw()
          .toBuffer();
        const ours = resizeRgb(crop, width, height);
        expect([ours.width, ours.height]).toEqual([width, height]);
        expect(meanDifference(ours.data, new Uint8Array(reference))).toBeLessThan(0.5);
      }
    },
  );

  it('stretches a dull picture over the full lightness range and leaves a flat one alone', () => {
    const width = 20;
    const dull: RgbFrame = { width, height: 10, data: new Uint8Array(width * 10 * 3) };
    for (let i = 0; i < width * 10; i++) dull.data.fill(100 + (i % width) * 3, i * 3, i * 3 + 3);
    const stretched = normaliseLightness(dull);
    const lightness = (f: RgbFrame): number[] =>
      Array.from(
        { length: f.width * f.height },
        (_, i) => rgbToLab(f.data[i * 3]!, f.data[i * 3 + 1]!, f.data[i * 3 + 2]!)[0],
      );
    expect(Math.min(...lightness(stretched))).toBeLessThan(3);
    expect(Math.max(...lightness(stretched))).toBeGreaterThan(97);
    const flat: RgbFrame = { width: 4, height: 4, data: new Uint8Array(48).fill(120) };
    expect(normaliseLightness(flat).data).toEqual(flat.data);
  });
});
