import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../media/ffmpeg-paths.js';
import { runProcess } from '../../media/run-process.js';
import { sharedMediaForTests, withSkipReason } from '@filmroom/test-media';
import { reencodeClip } from '@filmroom/test-media';
import { intersectionLength } from './score-segments.js';
import { detectLivePlay } from './detect-live-play.js';
import { runInactivityFilter } from './run-inactivity-filter.js';

const rally = sharedMediaForTests('video/volleyball_ovideo_katsbeds.mp4');
const photo = sharedMediaForTests('frames/bus.jpg');
const closeUp = sharedMediaForTests('frames/volleyball/right_attack.jpg');
/** Phone in the stands: players walk to the line (0–1 s) and stand set until the snap at 3.57 s. */
const snap = sharedMediaForTests('real-clips/IMG_7664.mp4');
/** Set till 2.9 s, the snap at 2.95 s, the tackle at about 6 s. */
const weakPlay = sharedMediaForTests('real-clips/IMG_7661.mp4');
/** Wide kickoff coverage already running at the first frame, tackle at about 3.2 s. */
const kickoff = sharedMediaForTests('real-clips/IMG_7656.mp4');
/** The camera on the bleachers, then people walking near the sideline: no play. */
const crowd = sharedMediaForTests('real-clips/IMG_7620.mp4');
const dir = resolve(import.meta.dirname, '../../../.cache/test-media');

describe.skipIf(!rally.path)(withSkipReason('inactivity filter on real footage', rally), () => {
  it('keeps nearly all of a real volleyball rally that runs from the first frame to the last', async () => {
    const result = await runInactivityFilter({ input: rally.path! });
    expect(result.keptSec / result.durationSec).toBeGreaterThanOrEqual(0.95);
    for (const segment of result.segments) {
      expect(segment.confidence).toBeGreaterThan(0);
      expect(segment.decidedBy.length).toBeGreaterThan(0);
    }
  });
});

describe.skipIf(!rally.path || !closeUp.path)(
  withSkipReason('inactivity filter on a real rally replayed by the same camera', closeUp),
  () => {
    it('cuts the replay, which shows pictures seen before, and keeps both rallies', async () => {
      // rally 0–10 s, a graphic 1 s, its 5–9 s again at half speed (interpolated, as a fast camera
      // gives new in-between pictures) 11–19 s, a graphic, a second rally (mirrored) 20–30 s
      await mkdir(dir, { recursive: true });
      const film = join(dir, 'rally-replayed.mp4');
      const size = 'scale=640:360,setsar=1';
      const graph = [
        '[0:v]split=3[s1][s2][s3]',
        `[s1]trim=0:10,setpts=PTS-STARTPTS,${size},fps=30[a]`,
        `[s2]trim=5:9,setpts=2*(PTS-STARTPTS),${size},minterpolate=fps=30:mi_mode=mci:mc_mode=aobmc[r]`,
        `[s3]trim=0:10,setpts=PTS-STARTPTS,hflip,${size},fps=30[b]`,
        `[1:v]scale=640:360:force_original_aspect_ratio=increase,crop=640:360,setsar=1,fps=30,split[g1][g2]`,
        '[a][g1][r][g2][b]concat=n=5:v=1:a=0[v]',
      ].join(';');
      const made = await runProcess(
        ffmpegPath(),
        [
          ['-nostdin', '-v', 'error', '-y', '-i', rally.path!],
          ['-loop', '1', '-framerate', '30', '-t', '1', '-i', closeUp.path!],
          ['-filter_complex', graph, '-map', '[v]', '-c:v', 'libx264', '-preset', 'veryfast'],
          ['-pix_fmt', 'yuv420p', film],
        ].flat(),
      );
      expect(made.code).toBe(0);
      const result = await runInactivityFilter({ input: film });
      expect(result.durationSec).toBeCloseTo(30, 0);
      expect(intersectionLength([{ start: 0, end: 10 }], result.segments)).toBeGreaterThan(9);
      expect(intersectionLength([{ start: 20, end: 30 }], result.segments)).toBeGreaterThan(9);
      expect(intersectionLength([{ start: 11, end: 19 }], result.segments)).toBeLessThan(0.5);
    });
  },
);

describe.skipIf(!snap.path)(withSkipReason('inactivity filter before a real snap', snap), () => {
  it('cuts the walk to the line and most of the set, and keeps the play from before the snap', async () => {
    const result = await runInactivityFilter({ input: snap.path! });
    const [first] = result.segments;
    expect(first).toBeDefined();
    expect(first!.start).toBeGreaterThan(1.5);
    expect(first!.start).toBeLessThan(3.57 - 0.3);
    expect(first!.end).toBeGreaterThanOrEqual(7.8);
    expect(first!.startedBy).toContain('burst out of stillness');
  });
});

describe.skipIf(!weakPlay.path)(
  withSkipReason('inactivity filter on a heavily compressed real play', weakPlay),
  () => {
    it('keeps the play from its snap although the probability finds it seconds late', async () => {
      const film = await reencodeClip(
        { name: 'IMG_7661.mp4', path: weakPlay.path! },
        '1080p-crf32',
        dir,
      );
      const result = await runInactivityFilter({ input: film });
      const play = [{ start: 2.95, end: 6 }];
      expect(intersectionLength(play, result.segments)).toBeGreaterThanOrEqual(0.97 * 3.05);
      expect(result.segments[0]!.startedBy).toContain('before the live-play probability rose');
    });
  },
);

describe.skipIf(!kickoff.path || !crowd.path)(
  withSkipReason('inactivity filter on a play its movement measures miss', kickoff),
  () => {
    it('keeps wide kickoff coverage because the players run, and nothing of a crowd shot', async () => {
      const play = [{ start: 0, end: 3.2 }];
      // The movement measures alone read the coverage as dead time.
      const plain = await detectLivePlay({ input: kickoff.path!, rescue: false });
      expect(intersectionLength(play, plain.segments)).toBeLessThan(0.9 * 3.2);
      const result = await detectLivePlay({ input: kickoff.path! });
      expect(intersectionLength(play, result.segments)).toBeGreaterThanOrEqual(0.9 * 3.2);
      expect(result.segments[0]!.decidedBy).toEqual([
        'players running, seen by the person detector',
      ]);
      expect(result.segments[0]!.startedBy).toContain('players started running');
      expect((await detectLivePlay({ input: crowd.path! })).segments).toEqual([]);
    });
  },
);

describe.skipIf(!photo.path)(
  withSkipReason('inactivity filter on a film with no sport', photo),
  () => {
    it('finds no play in a photo of a street made into a slowly zooming film', async () => {
      await mkdir(dir, { recursive: true });
      const film = join(dir, 'bus-zoom.mp4');
      const made = await runProcess(ffmpegPath(), [
        '-nostdin',
        '-v',
        'error',
        '-y',
        '-loop',
        '1',
        '-framerate',
        '25',
        '-i',
        photo.path!,
        '-vf',
        "scale=trunc(iw/2)*2:trunc(ih/2)*2,zoompan=z='min(zoom+0.0008,1.3)':d=1:s=640x360:fps=25",
        '-t',
        '8',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-pix_fmt',
        'yuv420p',
        film,
      ]);
      expect(made.code).toBe(0);
      const result = await runInactivityFilter({ input: film });
      expect(result.segments).toEqual([]);
    });
  },
);
