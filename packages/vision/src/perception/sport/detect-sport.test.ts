import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sharedMediaForTests, withSkipReason } from '@filmroom/test-media';
import { probeVideo } from '../../media/probe.js';
import { classifySportStills } from './detect-sport.js';
import { resolveFilmSport } from './resolve-sport.js';
import type { RgbImage } from './sport-features.js';

async function still(path: string): Promise<RgbImage> {
  const { data, info } = await sharp(path)
    .removeAlpha()
    .resize({ width: 160 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

const volleyball = sharedMediaForTests('video/volleyball_ovideo_katsbeds.mp4');
const football = sharedMediaForTests('real-clips/IMG_7579.mp4');
const street = sharedMediaForTests('frames/bus.jpg');
const pressRoom = sharedMediaForTests('frames/zidane.jpg');

describe('the sport of a film', () => {
  it('a chosen sport is used as it is, and Other means no sport, without looking at the film', async () => {
    const info = { durationSec: 10 } as Parameters<typeof resolveFilmSport>[0]['info'];
    const input = '/no/such/film.mp4';

    expect(await resolveFilmSport({ chosen: 'basketball', input, info })).toEqual({
      chosen: 'basketball',
      used: 'basketball',
    });
    expect(await resolveFilmSport({ chosen: 'other', input, info })).toEqual({
      chosen: 'other',
      used: null,
    });
  });

  it.skipIf(!volleyball.path || !football.path)(
    withSkipReason(
      'Detect automatically looks at a handful of stills and never names another sport than the film shows',
      volleyball,
    ),
    async () => {
      for (const [path, sport] of [
        [volleyball.path!, 'volleyball'],
        [football.path!, 'american-football'],
      ] as const) {
        const info = await probeVideo(path);
        const resolved = await resolveFilmSport({ chosen: 'auto', input: path, info });
        // Unsure is allowed (no sport is used then); a wrong sport is not.
        expect([sport, null]).toContain(resolved.used);
        expect(resolved.detection?.stills).toBeGreaterThanOrEqual(4);
        expect(resolved.detection?.stills).toBeLessThanOrEqual(6);
      }
    },
    60_000,
  );

  it.skipIf(!street.path || !pressRoom.path)(
    withSkipReason('a picture of no sport is not named a sport', street),
    async () => {
      for (const path of [street.path!, pressRoom.path!]) {
        expect(classifySportStills([await still(path)]).sport).toBe('unknown');
      }
    },
  );

  it('a film without a single still is unknown, never a guess', () => {
    expect(classifySportStills([])).toMatchObject({ sport: 'unknown', confidence: 0 });
  });
});
