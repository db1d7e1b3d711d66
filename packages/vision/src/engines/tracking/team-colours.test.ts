import { describe, expect, it } from 'vitest';
import { colourName } from '@filmroom/contract';
import { sharedMediaForTests, withSkipReason } from '@filmroom/test-media';
import { analyseTracking } from './analyse-tracking.js';

const league = sharedMediaForTests('video/volleyball_ovideo_katsbeds.mp4');

describe.skipIf(!league.path)(
  withSkipReason('team colours named on a real volleyball league clip', league),
  () => {
    it(
      'names the yellow-and-black team yellow and the other navy, numbers read or not',
      { timeout: 240_000 },
      async () => {
        // 1280x720, fixed elevated end-line camera, indoor light: the far team's yellow shirts are
        // 120–190 px tall and none of their numbers is read; the hall's crowd and bench fall in
        // with them. Their shirts' pixels average a dull olive (a "grey and brown" team before).
        const result = await analyseTracking(league.path!);
        const names = result.teams.map((t) => colourName(t.primaryColor));
        expect(names).toContain('yellow');
        expect(names).toContain('navy');
        const yellow = result.teams.find((t) => colourName(t.primaryColor) === 'yellow')!;
        expect(colourName(yellow.secondaryColor)).toBe('black');
      },
    );
  },
);
