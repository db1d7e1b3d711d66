import { describe, expect, it } from 'vitest';
import { CenterNetDetector } from '../../perception/detector/centernet-detector.js';
import { findPeople } from '../../perception/detector/find-people.js';
import { readImageRgb } from '../../perception/detector/read-image.js';
import { sharedMediaForTests, withSkipReason } from '@filmroom/test-media';
import { shareJobs, type NumberReader } from './number-reader.js';
import type { FrameReadRequest, PersonReadJob } from './read-people.js';

// The worker threads run the compiled module (the sources run the reader on this thread).
const compiled = new URL('../../../dist/engines/tracking/number-reader.js', import.meta.url).href;
type CompiledModule = {
  createNumberReader: (options?: { threads?: number }) => Promise<NumberReader>;
};
const loadCompiled = async (): Promise<CompiledModule> =>
  (await import(compiled)) as CompiledModule;

const job = (detection: number, textLook: number | null): PersonReadJob => ({
  detection,
  overlap: 0,
  jersey: null,
  textLook,
  besideBand: false,
});

// a sideline of youth-football backs: numbers 10, 13, 24, 25, 35, 45, 60, 77 readable
const frame = sharedMediaForTests('real-frames/frames/football_mca_IMG7612_t0.5.jpg');

describe('number reading on its own threads', () => {
  it('fails a read in progress when the thread stops, instead of leaving it waiting', async () => {
    const { createNumberReader } = await loadCompiled();
    const reader = await createNumberReader();
    const picture = { width: 320, height: 240, data: new Uint8Array(320 * 240 * 3).fill(90) };
    const read = reader.read({
      frame: picture,
      detections: [{ box: [100, 40, 60, 160], score: 0.9 }],
      jobs: [job(0, 0)],
    });
    await reader.close();
    await expect(read).rejects.toThrow(/number reader stopped/);
  });

  it('shares a frame’s people out by cost, text looks weighing four band reads', () => {
    expect(shareJobs([job(0, 0), job(1, null), job(2, null), job(3, 1), job(4, null)], 2)).toEqual([
      [0, 4],
      [1, 2, 3],
    ]);
    expect(shareJobs([job(0, null)], 2)).toEqual([[0], []]);
  });

  it.skipIf(!frame.path)(
    withSkipReason('reads the same numbers, in the same order, on one thread or two', frame),
    async () => {
      const { createNumberReader } = await loadCompiled();
      const picture = await readImageRgb(frame.path!);
      const detector = await CenterNetDetector.create();
      const detections = (await findPeople(detector, picture, { minScore: 0.3 }))
        .sort((p, q) => q.score - p.score)
        .slice(0, 8);
      await detector.close();
      const request = (): FrameReadRequest => ({
        frame: { ...picture, data: Uint8Array.from(picture.data) },
        detections,
        jobs: detections.flatMap((_, i) => [job(i, i % 3), job(i, null)]),
      });
      const one = await createNumberReader({ threads: 1 });
      const two = await createNumberReader({ threads: 2 });
      try {
        const alone = await one.read(request());
        const shared = await two.read(request(), true);
        expect(shared).toEqual(alone);
        expect(alone).toHaveLength(detections.length * 2);
        // the comparison means something only if numbers were read
        expect(
          alone.filter((r) => r.text?.number != null || r.band?.number != null).length,
        ).toBeGreaterThan(0);
      } finally {
        await Promise.all([one.close(), two.close()]);
      }
    },
    60_000,
  );
});
