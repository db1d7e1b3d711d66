import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MediaError } from '../../media/media-error.js';
import { generatedFilm, type GeneratedFilm } from '@filmroom/test-media';
import { emptyFilm, notAVideo, testClip } from '@filmroom/test-media';
import { runInactivityFilter, type InactivityFilterResult } from './run-inactivity-filter.js';
import { scoreSegments } from './score-segments.js';
import { probeVideo } from '../../media/probe.js';

const dir = resolve(import.meta.dirname, '../../../.cache/test-media');
mkdirSync(dir, { recursive: true });
/** 8 s of a still green field with a steady tone. */
const STILL = {
  seconds: 8,
  size: '320x180',
  fps: 25,
  keyframeEverySec: 1,
  picture: 'still',
} as const;

async function errorOf(promise: Promise<unknown>): Promise<MediaError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MediaError) return error;
    throw error;
  }
  throw new Error('expected a MediaError');
}

let volleyball: GeneratedFilm<'volleyball-60s'>;
let volleyballResult: InactivityFilterResult;
const volleyballProgress: number[] = [];
let football: GeneratedFilm<'football-75s'>;
let silentSoccer: GeneratedFilm<'soccer-silent-60s'>;

beforeAll(async () => {
  volleyball = await generatedFilm('volleyball-60s');
  football = await generatedFilm('football-75s');
  silentSoccer = await generatedFilm('soccer-silent-60s');
  volleyballResult = await runInactivityFilter({
    input: volleyball.path,
    onProgress: (p) => volleyballProgress.push(p),
  });
});

describe('inactivity filter on generated game film', () => {
  it('keeps every volleyball rally whole and cuts most of the time between rallies', async () => {
    const result = volleyballResult;
    const score = scoreSegments(result.segments, volleyball.live, result.durationSec);
    expect(volleyball.live.length).toBeGreaterThanOrEqual(2);
    expect(score.playsDropped).toBe(0);
    expect(score.liveKeptSec / score.liveSec).toBeGreaterThanOrEqual(0.99);
    expect(score.deadRemovedSec / score.deadSec).toBeGreaterThanOrEqual(0.8);
  });

  it('keeps a football play from before the snap to after the whistle and drops much of the huddles', async () => {
    const result = await runInactivityFilter({ input: football.path });
    const score = scoreSegments(result.segments, football.live, result.durationSec);
    expect(score.playsDropped).toBe(0);
    expect(score.liveKeptSec / score.liveSec).toBeGreaterThanOrEqual(0.99);
    // The model never trains on this look at this size; it keeps play first (docs/decisions/0012).
    expect(score.deadRemovedSec / score.deadSec).toBeGreaterThanOrEqual(0.4);
    for (const play of football.live) {
      const kept = result.segments.find((s) => s.start <= play.start && s.end >= play.end);
      expect(kept).toBeDefined();
      expect(play.start - kept!.start).toBeGreaterThanOrEqual(0.5);
    }
  });

  it('analyses a film without a sound track', async () => {
    const result = await runInactivityFilter({ input: silentSoccer.path });
    const score = scoreSegments(result.segments, silentSoccer.live, result.durationSec);
    expect(score.playsDropped).toBe(0);
    expect(score.liveKeptSec / score.liveSec).toBeGreaterThanOrEqual(0.99);
  });

  it('renders only the live segments into a playable MP4 and reports timings', async () => {
    const output = resolve(dir, 'volleyball-cut.mp4');
    const result = await runInactivityFilter({ input: volleyball.path, output });
    expect(result.rendered).toBe(true);
    expect(result.timings.renderSec).toBeGreaterThan(0);
    const info = await probeVideo(output);
    expect(info.durationSec).toBeGreaterThan(result.keptSec - 0.5);
    // Each segment may start up to 3 s earlier, on the keyframe before it.
    expect(info.durationSec).toBeLessThan(result.keptSec + 3 * result.segments.length + 1);
    expect(info.audio).not.toBeNull();
  });

  it('reports progress that rises from 0 to 100', async () => {
    const seen = volleyballProgress;
    expect(seen[0]).toBe(0);
    expect(seen[seen.length - 1]).toBe(100);
    expect(seen.length).toBeGreaterThan(10);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]!);
  });

  it('stops promptly when cancelled', async () => {
    const controller = new AbortController();
    let abortedAt = 0;
    const error = await errorOf(
      runInactivityFilter({
        input: football.path,
        signal: controller.signal,
        onProgress: (p) => {
          if (p > 5 && !abortedAt) {
            abortedAt = Date.now();
            controller.abort();
          }
        },
      }),
    );
    expect(error.code).toBe('ABORTED');
    // measured from the cancel, not the start: a loaded machine takes longer to reach 5%
    expect(abortedAt).toBeGreaterThan(0);
    expect(Date.now() - abortedAt).toBeLessThan(3000);
  });
});

describe('inactivity filter on bad input', () => {
  it('finds no live play in a video where nothing moves', async () => {
    const result = await runInactivityFilter({
      input: await testClip(STILL),
    });
    expect(result.segments).toEqual([]);
    expect(result.keptSec).toBe(0);
    expect(result.durationSec).toBeGreaterThan(7.5);
  });

  it('finds no play in a test pattern: shapes move, but there is no playing field', async () => {
    const pattern = await testClip({ seconds: 10, size: '640x360', fps: 25, audio: false });
    const result = await runInactivityFilter({ input: pattern });
    expect(result.durationSec).toBeGreaterThan(9.5);
    expect(result.segments).toEqual([]);
  });

  it('writes no video when there is nothing to keep', async () => {
    const output = resolve(dir, 'still-cut.mp4');
    const result = await runInactivityFilter({
      input: await testClip(STILL),
      output,
    });
    expect(result.rendered).toBe(false);
  });

  it('rejects a file that is not a video', async () => {
    const error = await errorOf(runInactivityFilter({ input: await notAVideo() }));
    expect(error.code).toBe('NOT_MEDIA');
  });

  it('rejects a zero-length video', async () => {
    const error = await errorOf(runInactivityFilter({ input: await emptyFilm() }));
    expect(error.code).toBe('EMPTY');
  });
});
