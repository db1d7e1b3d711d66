import { describe, expect, it } from 'vitest';
import { sharedMediaForTests, withSkipReason } from '@filmroom/test-media';
import { analyseTracking } from './analyse-tracking.js';
import type { TrackDetail, TrackingTeam } from './tracking-types.js';

const broadcast = sharedMediaForTests('video/soccer_dhruvil_football.mp4');
const fullHd = sharedMediaForTests('video/soccer_paulobruno_sp_gol_1.mp4');

/** The team whose shirt is darker (sum of the primary colour's channels). */
function darkerTeam(teams: readonly TrackingTeam[]): TrackingTeam | undefined {
  const light = (hex: string): number =>
    [1, 3, 5].reduce((s, i) => s + parseInt(hex.slice(i, i + 2), 16), 0);
  return [...teams].sort((a, b) => light(a.primaryColor) - light(b.primaryColor))[0];
}

/** The numbers read surely (0.8 or more) on tracks of a team. */
function readsOf(tracks: readonly TrackDetail[], team: TrackingTeam['teamLetter']): number[] {
  return tracks
    .filter((t) => t.teamLetter === team)
    .flatMap((t) => t.reads.filter((r) => r.confidence >= 0.8).map((r) => r.number))
    .filter((n): n is number => n !== null);
}

describe.skipIf(!broadcast.path)(
  withSkipReason('Player Tracking on a wide broadcast soccer clip', broadcast),
  () => {
    it('reads the back number of a player about 50 px tall', { timeout: 120_000 }, async () => {
      // 848x478 film: the Inter '20' crosses the middle of the picture 3–7 s in, 49–57 px tall
      const result = await analyseTracking(broadcast.path!, {
        segments: [{ start: 3, end: 7 }],
        includeTracks: true,
      });
      // Inter's blue and black stripes, not the white team: the white number covers most of the
      // small back's torso band, so the track's jersey samples white (its second colour is the shirt)
      const inter = darkerTeam(result.teams)!;
      expect(readsOf(result.tracks!, inter.teamLetter)).toContain(20);
      // read surely at one moment only (5.7 s): not listed until a second moment agrees
      expect(result.teams.flatMap((t) => t.players)).not.toContain(20);
    });
  },
);

describe.skipIf(!fullHd.path)(
  withSkipReason('Player Tracking on a 1080p wide broadcast soccer clip', fullHd),
  () => {
    it('reads a far back number from the source resolution', { timeout: 120_000 }, async () => {
      // 1920x1080 film analysed at 1280x720: the Flamengo '35' turns away from the camera 6.2 s
      // in, 61 px tall at the analysis size, its number ~14 px; read only in the 1080p picture
      const result = await analyseTracking(fullHd.path!, { includeTracks: true });
      const flamengo = darkerTeam(result.teams)!;
      expect(readsOf(result.tracks!, flamengo.teamLetter)).toContain(35);
      // one moment (6.2 s) read it: not listed until a second moment agrees
      expect(result.teams.flatMap((t) => t.players)).not.toContain(35);
      // a Flamengo back printed '007' (3.2–5.7 s) reads surely as '007', which no shirt number is:
      // a piece of it read alone ('10') is not taken for the number
      expect(result.teams.flatMap((t) => t.players)).not.toContain(10);
    });
  },
);
