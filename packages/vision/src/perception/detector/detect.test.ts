import { describe, expect, it } from 'vitest';
import { sharedMediaForTests, withSkipReason } from '@filmroom/test-media';
import { CenterNetDetector } from './centernet-detector.js';
import { findPeople, squareTiles } from './find-people.js';
import { readImageRgb } from './read-image.js';

const photo = sharedMediaForTests('frames/zidane.jpg');

describe('person detector', () => {
  it.skipIf(!photo.path)(
    withSkipReason('finds the two people in a real photo', photo),
    async () => {
      const detector = await CenterNetDetector.create();
      try {
        const frame = await readImageRgb(photo.path!);
        const people = (
          await findPeople(detector, frame, { layout: 'letterbox', minScore: 0.25 })
        ).sort((a, b) => a.box[0] - b.box[0]);
        expect(people).toHaveLength(2);
        // the man on the right stands roughly in the right half, top to bottom
        const right = people[1]!.box;
        expect(right[0]).toBeGreaterThan(600);
        expect(right[3]).toBeGreaterThan(frame.height * 0.6);
      } finally {
        await detector.close();
      }
    },
    30_000,
  );

  it.skipIf(!photo.path)(
    withSkipReason('answers each of two frames asked at once as it answers it alone', photo),
    async () => {
      const detector = await CenterNetDetector.create();
      try {
        const frame = await readImageRgb(photo.path!);
        // the same photo upside down: other people in other places
        const flipped = { ...frame, data: Uint8Array.from(frame.data).reverse() };
        const alone = [await detector.detect(frame), await detector.detect(flipped)];
        const together = await Promise.all([detector.detect(frame), detector.detect(flipped)]);
        expect(together).toEqual(alone);
        expect(alone[0]!.length).toBeGreaterThan(0);
      } finally {
        await detector.close();
      }
    },
    30_000,
  );

  it('covers a wide frame with overlapping square tiles', () => {
    expect(squareTiles(1280, 720)).toEqual([
      { x: 0, y: 0, size: 720 },
      { x: 560, y: 0, size: 720 },
    ]);
    expect(squareTiles(500, 500)).toHaveLength(1);
  });
});
