import { describe, expect, it } from 'vitest';
import { sharedMediaForTests, withSkipReason } from '../testing/shared-media.js';
import { analyseTracking } from './analyse-tracking.js';

const broadcast = sharedMediaForTests('video/soccer_dhruvil_football.mp4');

describe.skipIf(!broadcast.path)(
  withSkipReason('Player Tracking on a wide broadcast soccer clip', broadcast),
  () => {
    it('reads the back number of a player about 50 px tall', { timeout: 120_000 }, async () => {
      // 848x478 film: the Inter '20' crosses the middle of the picture 3–7 s in, 49–57 px tall
      const result = await analyseTracking(broadcast.path!, { segments: [{ start: 3, end: 7 }] });
      const listed = result.teams.flatMap((t) => t.players);
      expect(listed).toContain(20);
      // Inter's blue and black stripes, not the white team: the white number covers most of the
      // small back's torso band, so the track's jersey samples white (its second colour is the shirt)
      const light = (hex: string): number =>
        [1, 3, 5].reduce((s, i) => s + parseInt(hex.slice(i, i + 2), 16), 0);
      const [darker] = [...result.teams].sort(
        (a, b) => light(a.primaryColor) - light(b.primaryColor),
      );
      expect(darker?.players).toContain(20);
    });
  },
);
