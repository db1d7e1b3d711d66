import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Box, RgbFrame } from '../detector/types.js';
import { sharedMediaForTests, withSkipReason } from '@filmroom/test-media';
import { estimateFieldColour } from './field-colour.js';
import { litColour, sampleKit } from './kit-colours.js';
import type { Lab } from './lab-colour.js';
import { readImageRgb } from '../detector/read-image.js';

const chroma = (lab: Lab): number => Math.hypot(lab[1], lab[2]);
/** Hue angle in degrees, 0–360 (yellow ≈ 90–100, red ≈ 20–40, blue ≈ 280–300). */
const hue = (lab: Lab): number => ((Math.atan2(lab[2], lab[1]) * 180) / Math.PI + 360) % 360;

describe('kit colour where the light falls', () => {
  it('is the mean of the pixels between the 60th and 90th percentile of lightness', () => {
    const shade: Lab = [60, 0, 0];
    const light: Lab = [90, 0, 0];
    const glare: Lab = [100, 0, 0];
    const pixels = [...Array<Lab>(6).fill(shade), ...Array<Lab>(3).fill(light), glare];
    expect(litColour(pixels)).toEqual(light);
  });
});

const media = sharedMediaForTests('real-frames');

function loadFrame(file: string): Promise<RgbFrame> {
  return readImageRgb(join(media.path!, 'frames', file));
}

describe.skipIf(!media.path)(withSkipReason('kit colours of real players', media), () => {
  it('sees a white shirt at night as white, where the mean of its pixels is a grey', async () => {
    const frame = await loadFrame('soccer_provbal_drakegeo_frame000045.jpg');
    // white shirts with a sash, floodlit amateur soccer, 1920x1080 (person boxes as the detector
    // gives them)
    const players: Box[] = [
      [624, 530, 153, 237],
      [593, 749, 186, 331],
    ];
    const field = estimateFieldColour(frame, players);
    for (const box of players) {
      const kit = sampleKit(frame, box, field)!;
      expect(kit.lit![0]).toBeGreaterThan(85);
      expect(kit.lit![0]).toBeGreaterThan(kit.jersey[0] + 5); // the old estimate: a light grey
      expect(chroma(kit.lit!)).toBeLessThan(14);
    }
  });

  it('sees the yellow volleyball kit as yellow, not the brown of its shaded mean', async () => {
    const frame = await loadFrame('volleyball_ovideo_katsbeds_t0.0.png');
    // far-court yellow players, fixed end-line camera (the floor is orange)
    const players: Box[] = [
      [610, 271, 57, 182],
      [655, 270, 54, 189],
    ];
    const field = estimateFieldColour(frame, players);
    for (const box of players) {
      const kit = sampleKit(frame, box, field)!;
      expect(hue(kit.lit!)).toBeGreaterThan(75);
      expect(hue(kit.lit!)).toBeLessThan(105);
      expect(chroma(kit.lit!)).toBeGreaterThan(35);
      expect(kit.lit![0]).toBeGreaterThan(kit.jersey[0] + 5);
    }
  });
});
