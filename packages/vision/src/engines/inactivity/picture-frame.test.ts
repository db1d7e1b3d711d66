import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../media/ffmpeg-paths.js';
import { wholeFrame } from '../../media/picture-area.js';
import { probeVideo } from '../../media/probe.js';
import { runProcess } from '../../media/run-process.js';
import { generatedFilm } from '@filmroom/test-media';
import { analysisSize, extractFilmFeatures, type FilmFeatures } from './film-features.js';

const dir = resolve(import.meta.dirname, '../../../.cache/test-media');
mkdirSync(dir, { recursive: true });

/** Re-encodes a film through an ffmpeg filter (same encoder settings for both films compared). */
async function reencoded(input: string, name: string, filter: string): Promise<string> {
  const output = resolve(dir, `${name}.mp4`);
  const result = await runProcess(ffmpegPath(), [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    input,
    '-vf',
    filter,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '20',
    '-pix_fmt',
    'yuv420p',
    '-an',
    output,
  ]);
  if (result.code !== 0) throw new Error(result.stderr);
  return output;
}

const mean = (values: Float32Array): number =>
  values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

async function featuresOf(path: string, whole = false): Promise<FilmFeatures> {
  const info = await probeVideo(path);
  return extractFilmFeatures({
    input: path,
    info,
    fps: 5,
    width: 320,
    ...(whole ? { pictureArea: wholeFrame(info) } : {}),
  });
}

let phone = '';
let pillarboxed = '';

beforeAll(async () => {
  const game = await generatedFilm('volleyball-16s-360p');
  // a 9:16 phone picture of the game, and the same picture posted in a 16:9 frame
  phone = await reencoded(game.path, 'phone-9x16', 'crop=202:360:218:0');
  pillarboxed = await reencoded(
    game.path,
    'phone-pillarboxed',
    'crop=202:360:218:0,pad=640:360:218:0',
  );
});

describe('a vertical phone picture in a 16:9 frame', () => {
  it('is analysed on its own picture, as the phone film itself is', async () => {
    const own = await featuresOf(phone);
    const framed = await featuresOf(pillarboxed);
    const uncropped = await featuresOf(pillarboxed, true);
    // the players' motion on the field, the width it spreads over, the people seen
    expect(mean(own.fieldMotion)).toBeGreaterThan(0.01);
    expect(mean(framed.fieldMotion)).toBeCloseTo(mean(own.fieldMotion), 2);
    expect(mean(framed.spread)).toBeCloseTo(mean(own.spread), 1);
    expect(mean(framed.personCount)).toBeGreaterThan(mean(own.personCount) * 0.8);
    // the whole frame, bars included, hides the play: what the analysis saw before
    expect(mean(uncropped.fieldMotion)).toBeLessThan(mean(own.fieldMotion) * 0.2);
    expect(mean(uncropped.personCount)).toBeLessThan(mean(own.personCount) * 0.2);
  });

  it('is analysed upright at the pixel count of a 320x180 frame, not squeezed', async () => {
    const info = await probeVideo(pillarboxed);
    const size = analysisSize(info, 320, { width: 202, height: 360 });
    expect(size.width * size.height).toBeGreaterThan(320 * 180 * 0.97);
    expect(size.width * size.height).toBeLessThan(320 * 180 * 1.03);
    expect(size.width / size.height).toBeCloseTo(202 / 360, 1);
  });
});
