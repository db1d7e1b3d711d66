import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boxIou } from '../detect/box-nms.js';
import { CenterNetDetector } from '../detect/centernet-detector.js';
import { findPeople } from '../detect/find-people.js';
import { readFrames } from '../media/frame-reader.js';
import { renderSynthFilm } from './render-synth-film.js';
import { CLEAR_KITS } from './scenarios.js';

describe('synthetic films for tracking', () => {
  it('shows players the real detector finds, with exact boxes, teams and numbers', async () => {
    const detector = await CenterNetDetector.create();
    const video = join(tmpdir(), `synth-tracking-${process.pid}.mp4`);
    try {
      const truth = await renderSynthFilm({ ...CLEAR_KITS, durationSec: 0.4 }, detector, video);
      expect(
        truth.players.filter((p) => p.teamLetter === 'A' && p.role === 'outfield'),
      ).toHaveLength(5);
      expect(new Set(truth.players.map((p) => `${p.teamLetter}:${p.number}`)).size).toBe(
        truth.players.length,
      );
      let frameTruth = truth.frames[0]!;
      let found = 0;
      for await (const f of readFrames({
        input: video,
        fps: 25,
        width: truth.width,
        audioSampleRate: 0,
        fastDecode: false,
      })) {
        if (f.index !== 0) break;
        frameTruth = truth.frames[0]!;
        const people = await findPeople(
          detector,
          { width: f.width, height: f.height, data: f.data },
          { minScore: 0.04 },
        );
        found = frameTruth.boxes.filter((b) =>
          people.some((p) => boxIou(p.box, b.box) >= 0.4),
        ).length;
      }
      expect(frameTruth.boxes.length).toBeGreaterThan(5);
      expect(found / frameTruth.boxes.length).toBeGreaterThanOrEqual(0.7);
    } finally {
      await detector.close();
      await rm(video, { force: true });
    }
  }, 60_000);
});
