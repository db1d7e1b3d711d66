import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedFilm, type GeneratedFilm } from '@filmroom/test-media';
import { boxIou } from '../../perception/detector/box-nms.js';
import { readImageRgb } from '../../perception/detector/read-image.js';
import type { Box } from '../../perception/detector/types.js';
import { NumberRecognizer } from '../../perception/numbers/number-recognizer.js';
import { readPersonNumber } from '../../perception/numbers/read-person-number.js';
import { TextDetector } from '../../perception/numbers/text-detector.js';
import { analyseTracking } from './analyse-tracking.js';
import { MIN_PHOTO_HEIGHT } from './player-photos.js';
import { PHOTO_MARGIN } from './read-people.js';
import type { TrackingAnalysis } from './tracking-types.js';

describe('evidence photos of the listed players', () => {
  let film: GeneratedFilm<'tracking-12s'>;
  let analysis: TrackingAnalysis;
  let dir: string;
  let recognizer: NumberRecognizer;
  let textDetector: TextDetector;

  beforeAll(async () => {
    film = await generatedFilm('tracking-12s');
    dir = await mkdtemp(join(tmpdir(), 'player-photos-'));
    [recognizer, textDetector] = await Promise.all([
      NumberRecognizer.create(),
      TextDetector.create(),
    ]);
    analysis = await analyseTracking(film.path, { photoDir: dir, recognizer, textDetector });
  }, 300_000);

  afterAll(async () => {
    await Promise.all([recognizer?.close(), textDetector?.close()]);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('gives each listed number a photo of that player at a moment the number shows', async () => {
    expect(analysis.players.length).toBeGreaterThanOrEqual(4);
    expect(analysis.photos?.map((p) => `${p.teamLetter}${p.number}`)).toEqual(
      analysis.players.map((p) => `${p.teamLetter}${p.number}`),
    );
    const { truth } = film;
    for (const player of analysis.players) {
      // the moment of the photo: the player wearing that number is in the box, number in view
      const frame = truth.frames.reduce((a, f) =>
        Math.abs(f.timeSec - player.best.time) < Math.abs(a.timeSec - player.best.time) ? f : a,
      );
      // (the analysis names its teams A and B by how often each is seen: the film's letters may differ)
      const wearers = new Set(
        truth.players.filter((p) => p.number === player.number).map((p) => p.id),
      );
      const seen = frame.boxes
        .filter((b) => wearers.has(b.id))
        .find((b) => boxIou(b.box, player.best.box) > 0.5);
      expect(seen, `#${player.number} in the box at ${player.best.time} s`).toBeDefined();
      expect(seen!.numberVisible).toBe(true);

      // the photo: large enough to check, and the number read again from it
      const file = analysis.photos!.find(
        (p) => p.teamLetter === player.teamLetter && p.number === player.number,
      )!.file;
      const photo = await readImageRgb(file);
      expect(photo.height).toBeGreaterThanOrEqual(MIN_PHOTO_HEIGHT);
      const k = 1 + 2 * PHOTO_MARGIN;
      const person: Box = [
        Math.round((photo.width * PHOTO_MARGIN) / k),
        Math.round((photo.height * PHOTO_MARGIN) / k),
        Math.round(photo.width / k),
        Math.round(photo.height / k),
      ];
      const again = await readPersonNumber(textDetector, recognizer, photo, person);
      expect(again.number, `photo of #${player.number}`).toBe(player.number);
    }
  }, 120_000);
});
