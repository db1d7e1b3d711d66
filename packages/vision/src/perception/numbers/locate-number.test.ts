import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Box, RgbFrame } from '../detector/types.js';
import { sharedMediaForTests, withSkipReason } from '@filmroom/test-media';
import { BODY_LOOKS, isCutCloseUp, isNumberShaped, isOnBody, upperBody } from './locate-number.js';
import type { DigitReader } from './digit-reader.js';
import { loadDigitReader } from './number-reader-model.js';
import { NumberRecognizer } from './number-recognizer.js';
import { readPersonNumber } from './read-person-number.js';
import { boxesFromMap, TextDetector } from './text-detector.js';
import { readImageRgb } from '../detector/read-image.js';

describe('text boxes from the detector map', () => {
  it('turns each connected region above the threshold into a grown box with its mean score', () => {
    const w = 20;
    const h = 10;
    const map = new Float32Array(w * h);
    for (let y = 3; y < 7; y++) for (let x = 2; x < 6; x++) map[y * w + x] = 0.9;
    for (let y = 4; y < 6; y++) for (let x = 12; x < 14; x++) map[y * w + x] = 0.4; // faint
    const boxes = boxesFromMap(map, w, h, w, h, 0.3, 0.6);
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.score).toBeCloseTo(0.9);
    // a 4x4 kernel grows by 4*4*1.5/16 = 1.5 px each side
    expect(boxes[0]!.box).toEqual([0, 1, 8, 8]);
  });

  it('keeps digit-shaped boxes of a plausible size for the body', () => {
    const body = {
      image: { width: 200, height: 224, data: new Uint8Array(0) },
      x: 0,
      y: 0,
      scale: 2,
    };
    // person 200 px tall in the frame: a 40-px (image) box is 20 frame px, 10% of the body
    expect(isNumberShaped({ box: [50, 80, 44, 40], score: 0.9 }, body, 200)).toBe(true);
    expect(isNumberShaped({ box: [20, 80, 160, 30], score: 0.9 }, body, 200)).toBe(false); // a line
    expect(isNumberShaped({ box: [50, 80, 8, 6], score: 0.9 }, body, 200)).toBe(false); // a speck
  });

  it('keeps text whose centre lies within the person box, not in the context beside it', () => {
    // person box x 100-160 in the frame; the body image starts 10 px left of it, scaled 2x
    const body = {
      image: { width: 160, height: 224, data: new Uint8Array(0) },
      x: 90,
      y: 0,
      scale: 2,
    };
    const box: Box = [100, 50, 60, 200];
    expect(isOnBody({ box: [50, 160, 40, 40], score: 0.9 }, body, box)).toBe(true); // centre x 125
    expect(isOnBody({ box: [0, 160, 30, 40], score: 0.9 }, body, box)).toBe(false); // centre x 97.5
    expect(isOnBody({ box: [130, 160, 30, 40], score: 0.9 }, body, box)).toBe(false); // centre x 162.5
  });

  it('keeps no text centred at head height, unless the frame cut the head off', () => {
    // person box y 50-250 in the frame, the body image from y 40, scaled 2x: the head is y 50-70
    const body = {
      image: { width: 160, height: 480, data: new Uint8Array(0) },
      x: 90,
      y: 40,
      scale: 2,
    };
    const text = (y: number) => ({ box: [50, y, 40, 20] as Box, score: 0.9 });
    expect(isOnBody(text(20), body, [100, 50, 60, 200])).toBe(false); // centre y 55
    expect(isOnBody(text(50), body, [100, 50, 60, 200])).toBe(true); // centre y 70
    expect(isOnBody(text(20), { ...body, y: 0 }, [100, 0, 60, 200])).toBe(true); // cut at the top
  });
});

const media = sharedMediaForTests('real-frames');

function loadFrame(file: string): Promise<RgbFrame> {
  return readImageRgb(join(media.path!, 'frames', file));
}

describe.skipIf(!media.path)(withSkipReason('numbers found on real players', media), () => {
  let detector: TextDetector;
  let recognizer: NumberRecognizer;
  beforeAll(async () => {
    detector = await TextDetector.create();
    recognizer = await NumberRecognizer.create();
  });
  afterAll(async () => {
    await detector.close();
    await recognizer.close();
  });

  it('reads the back numbers of youth-football players standing on the sideline', async () => {
    const frame = await loadFrame('football_mca_IMG7612_t0.5.jpg');
    // person boxes as the person detector gives them (1280x720 frame): 25, 60 and 45 from behind
    const players: [Box, number][] = [
      [[598, 421, 74, 207], 25],
      [[371, 411, 85, 222], 60],
      [[877, 430, 74, 219], 45],
    ];
    for (const [box, number] of players) {
      const read = await readPersonNumber(detector, recognizer, frame, box);
      expect(read.number).toBe(number);
    }
  });

  it('reads a number found in one text region with the name plate above it', async () => {
    const frame = await loadFrame('football_mca_IMG7584_t0.5.jpg');
    // red #10 from behind: the detector's region holds the plate, the number and the shirt below;
    // read whole or without its top 30% it gave nothing
    const reads = [];
    for (let look = 0; look < BODY_LOOKS.length; look++)
      reads.push(
        (await readPersonNumber(detector, recognizer, frame, [548, 466, 59, 185], look)).number,
      );
    expect(reads).toContain(10);
    expect(reads.filter((n) => n !== null && n !== 10)).toEqual([]);
  });

  it('looks low enough on a close-up player whose box ends at the bottom of the frame', async () => {
    const frame = await loadFrame('basketball_nba_bp17_youtube151.jpg');
    // white #22 (640x640 broadcast close-up): the box ends 8 px above the frame's bottom edge and
    // the number sits below 72% of it
    const box: Box = [164, 144, 204, 488];
    const body = upperBody(frame, box);
    expect(body.y + body.image.height / body.scale).toBeGreaterThanOrEqual(box[1] + box[3] - 1);
    const reads = [];
    for (let look = 0; look < BODY_LOOKS.length; look++)
      reads.push((await readPersonNumber(detector, recognizer, frame, box, look)).number);
    expect(reads).toContain(22);
  });

  it('looks at the lower body of a close-up cut off by the frame', async () => {
    // white #0 (640x640 broadcast close-up): the box ends 15 px above the frame's bottom, the legs
    // out of the frame, and the number lies at 53-76% of the box, under the upper body every look
    // takes (each of them read nothing)
    const frame = await loadFrame('basketball_nba_bp17_youtube56.jpg');
    const box: Box = [104, 147, 172, 478];
    expect(isCutCloseUp(frame, box)).toBe(true);
    const reads = [];
    for (let look = 0; look < BODY_LOOKS.length; look++)
      reads.push((await readPersonNumber(detector, recognizer, frame, box, look)).number);
    expect(reads).toContain(0);
    expect(reads.filter((n) => n !== null && n !== 0)).toEqual([]);
  });

  it('takes a small or high person for one the frame shows whole', () => {
    const frame = { height: 720 };
    expect(isCutCloseUp(frame, [600, 400, 80, 230])).toBe(false); // a sideline player, 32% of the frame
    expect(isCutCloseUp(frame, [600, 100, 200, 400])).toBe(false); // tall, but ending at 69%
    expect(isCutCloseUp(frame, [600, 300, 200, 400])).toBe(true);
  });

  it('reads outlined digits through windows over a text region as tall as the shirt', async () => {
    const frame = await loadFrame('football_mca_IMG7612_t0.5.jpg');
    // red #77 and #10 from behind: the region runs from the plate to the shirt's hem; whole, without
    // its top or through the former three windows the recogniser read nothing
    const players: [Box, number][] = [
      [[800, 433, 75, 195], 77],
      [[105, 423, 61, 187], 10],
    ];
    for (const [box, number] of players) {
      const reads = [];
      for (let look = 0; look < BODY_LOOKS.length; look++)
        reads.push((await readPersonNumber(detector, recognizer, frame, box, look)).number);
      expect(reads).toContain(number);
      expect(reads.filter((n) => n !== null && n !== number)).toEqual([]);
    }
  });

  it('zooms on the torso for a small number among sponsor prints (volleyball broadcast)', async () => {
    const frame = await loadFrame('volleyball_cevcup_broadcast_shukkkur_actions.jpg');
    // navy #17 seen from behind, ~230 px tall in 1280x720: only the torso look finds the number
    const box: Box = [494, 320, 85, 229];
    const reads = [];
    for (let look = 0; look < BODY_LOOKS.length; look++)
      reads.push((await readPersonNumber(detector, recognizer, frame, box, look)).number);
    expect(reads).toContain(17);
    expect(reads.filter((n) => n !== null && n !== 17)).toEqual([]);
  });

  it('reads no number off a sponsor board behind the head of a line judge', async () => {
    const frame = await loadFrame('volleyball_ovideo_katsbeds_t0.0.png');
    // a line judge in black in front of the board (720p end-line camera): its letters read '10'
    for (let look = 0; look < BODY_LOOKS.length; look++) {
      const read = await readPersonNumber(detector, recognizer, frame, [174, 245, 41, 146], look);
      expect(read.number).toBeNull();
    }
  });

  it('finds no number on a coach in a plain white shirt', async () => {
    const frame = await loadFrame('football_mca_IMG7612_t0.5.jpg');
    for (let look = 0; look < BODY_LOOKS.length; look++) {
      const read = await readPersonNumber(detector, recognizer, frame, [448, 357, 89, 248], look);
      expect(read.number).toBeNull();
    }
  });

  it('places the number inside the upper body, whatever the box size', async () => {
    const frame = await loadFrame('football_mca_IMG7612_t0.5.jpg');
    const box: Box = [598, 421, 74, 207];
    const body = upperBody(frame, box);
    expect(body.image.height).toBeGreaterThanOrEqual(200);
    const texts = await detector.detect(body.image);
    const shaped = texts.filter((t) => isNumberShaped(t, body, box[3]));
    expect(shaped.length).toBeGreaterThan(0);
    // the number's centre, back in frame pixels, lies on the torso: middle columns, upper half
    const [x, y, w, h] = shaped[0]!.box;
    const cx = body.x + (x + w / 2) / body.scale;
    const cy = body.y + (y + h / 2) / body.scale;
    expect(cx).toBeGreaterThan(box[0] + box[2] * 0.2);
    expect(cx).toBeLessThan(box[0] + box[2] * 0.8);
    expect(cy).toBeGreaterThan(box[1] + box[3] * 0.1);
    expect(cy).toBeLessThan(box[1] + box[3] * 0.55);
  });

  describe('with the trained reader fused in', () => {
    let digits: DigitReader | null;
    beforeAll(async () => {
      digits = await loadDigitReader();
    });
    afterAll(async () => {
      await digits?.close();
    });

    const looks = async (frame: RgbFrame, box: Box): Promise<(number | null)[]> => {
      const reads = [];
      for (let look = 0; look < BODY_LOOKS.length; look++)
        reads.push((await readPersonNumber(detector, recognizer, frame, box, look, digits)).number);
      return reads;
    };

    it('reads a red outlined 77 whole in a text region that holds the plate and the shirt below', async (context) => {
      if (!digits) context.skip();
      const frame = await loadFrame('football_mca_IMG7650_t0.5.jpg');
      // the reader alone, on such a region, can be sure of a part of it (an earlier reader: 11)
      expect(await looks(frame, [1155, 380, 73, 209])).toEqual([77, 77, 77]);
    });

    it('completes numbers PP-OCR reads in part, and reads no other number', async (context) => {
      if (!digits) context.skip();
      const frame = await loadFrame('football_mca_IMG7584_t0.5.jpg');
      // navy outlined digits on red: PP-OCR alone read 13, 13 and 3; and 5, 5 and 25
      for (const [box, number] of [
        [[624, 462, 60, 185], 13],
        [[741, 451, 53, 175], 25],
        [[548, 466, 59, 184], 10],
      ] as [Box, number][]) {
        const reads = await looks(frame, box);
        expect(reads).toContain(number);
        // nothing but the number, or a part of it
        expect(reads.filter((n) => n !== null && !String(number).includes(String(n)))).toEqual([]);
      }
    });
  });
});
