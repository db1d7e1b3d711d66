import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedMediaForTests, withSkipReason } from '@filmroom/test-media';
import { boxIou, CenterNetDetector, findPeople } from '@filmroom/vision/perception';
import { readFrames } from '@filmroom/vision/media';
import type { SynthScenario } from './film-types.js';
import { renderSynthFilm } from './render-synth-film.js';
import { CLEAR_KITS } from './scenarios.js';

const frameMedia = sharedMediaForTests('frames/football_frame.jpg');

describe.each([
  { sprites: 'drawn', title: 'drawn players', media: null },
  { sprites: 'broadcast-frame', title: 'players cut from a real frame', media: frameMedia },
] as const)('synthetic films for tracking, $title', ({ sprites, media }) => {
  const test = 'shows players the real detector finds, with exact boxes, teams and numbers';
  it.skipIf(media !== null && !media.path)(
    media ? withSkipReason(test, media) : test,
    async () => {
      const detector = await CenterNetDetector.create();
      const video = join(tmpdir(), `synth-tracking-${process.pid}-${sprites}.mp4`);
      const scenario: SynthScenario = { ...CLEAR_KITS, durationSec: 0.4, sprites };
      try {
        const truth = await renderSynthFilm(scenario, detector, video);
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
    },
    60_000,
  );
});
