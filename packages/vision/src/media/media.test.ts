import { mkdtemp, readdir, rm, access, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyFilm, notAVideo, testClip } from '@filmroom/test-media';
import { readFrames, type VideoFrame } from './frame-reader.js';
import { MediaError } from './media-error.js';
import { probeKeyframes, probeVideo } from './probe.js';
import { renderSegments } from './render-segments.js';

/** Files a test writes for itself (playlists); removed after the run. */
let dir = '';

async function errorOf(promise: Promise<unknown>): Promise<MediaError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MediaError) return error;
    throw error;
  }
  throw new Error('expected a MediaError');
}

async function collect(iterable: AsyncIterable<VideoFrame>): Promise<VideoFrame[]> {
  const frames: VideoFrame[] = [];
  for await (const f of iterable) frames.push(f);
  return frames;
}

const exists = (p: string): Promise<boolean> =>
  access(p).then(
    () => true,
    () => false,
  );

let pattern: string;
let silent: string;
let longPattern: string;

/** Test-pattern clips with a keyframe every second, as the smart-copy cuts expect. */
const CLIP = { size: '320x180', fps: 25, keyframeEverySec: 1 } as const;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vision-media-'));
  pattern = await testClip({ ...CLIP, seconds: 10 });
  silent = await testClip({ ...CLIP, seconds: 4, audio: false });
  longPattern = await testClip({ ...CLIP, seconds: 60 });
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('probe', () => {
  it('describes a video: size, duration, audio', async () => {
    const info = await probeVideo(pattern);
    expect(info.video).toMatchObject({ codec: 'h264', width: 320, height: 180 });
    expect(info.durationSec).toBeGreaterThan(9.9);
    expect(info.audio?.codec).toBe('aac');
  });

  it('says a text file is not a video', async () => {
    const error = await errorOf(probeVideo(await notAVideo()));
    expect(error.code).toBe('NOT_MEDIA');
  });

  it.each([
    [
      'an HLS playlist',
      (target: string) => `#EXTM3U\n#EXTINF:10,\nfile://${target}\n#EXT-X-ENDLIST\n`,
    ],
    ['a concat list', (target: string) => `ffconcat version 1.0\nfile 'file:${target}'\n`],
  ])('refuses %s that points at another film, and never decodes through it', async (kind, body) => {
    const playlist = join(dir, `pointer-${kind.replace(/\W/g, '-')}.mp4`);
    await writeFile(playlist, body(pattern));

    expect((await errorOf(probeVideo(playlist))).code).toBe('NOT_MEDIA');
    const info = await probeVideo(pattern);
    // not one frame comes through it: a film of which nothing decodes (the same every time)
    expect((await errorOf(collect(readFrames({ input: playlist, info })))).code).toBe('EMPTY');
  });

  it('says a zero-length video is empty', async () => {
    const error = await errorOf(probeVideo(await emptyFilm()));
    expect(error.code).toBe('EMPTY');
  });

  it('says a missing file does not exist', async () => {
    const error = await errorOf(probeVideo(join(dir, 'no-such-file.mp4')));
    expect(error.code).toBe('NOT_FOUND');
  });

  it('lists keyframes once a second for a one-second GOP', async () => {
    const keyframes = await probeKeyframes(pattern);
    expect(keyframes.length).toBeGreaterThanOrEqual(10);
    expect(keyframes[1]! - keyframes[0]!).toBeCloseTo(1, 1);
  });
});

describe('readFrames', () => {
  it('yields frames at the requested rate and size, each with the sound playing during it', async () => {
    const frames = await collect(readFrames({ input: pattern, fps: 5, width: 64, height: 36 }));
    expect(frames.length).toBeGreaterThanOrEqual(49);
    expect(frames.length).toBeLessThanOrEqual(51);
    const f = frames[10]!;
    expect(f.timeSec).toBeCloseTo(2, 5);
    expect(f.data.length).toBe(64 * 36 * 3);
    expect(f.audio.length).toBe(16000 / 5);
    const rms = Math.sqrt(f.audio.reduce((s, v) => s + v * v, 0) / f.audio.length);
    expect(rms).toBeGreaterThan(0.05);
  });

  it('reads only a stretch of the film, each frame at its time in the film', async () => {
    const whole = await collect(
      readFrames({ input: pattern, fps: 5, width: 64, height: 36, audioSampleRate: 0 }),
    );
    const part = await collect(
      readFrames({
        input: pattern,
        fps: 5,
        width: 64,
        height: 36,
        audioSampleRate: 0,
        startSec: 3,
        durationSec: 2,
      }),
    );
    expect(part.length).toBeGreaterThanOrEqual(9);
    expect(part.length).toBeLessThanOrEqual(11);
    expect(part[0]!.timeSec).toBeCloseTo(3, 5);
    expect(part[5]!.timeSec).toBeCloseTo(4, 5);
    // The same picture as the whole read shows at that time (the test pattern moves every frame).
    const at = (frames: VideoFrame[], t: number) =>
      frames.find((f) => Math.abs(f.timeSec - t) < 1e-6)!.data;
    const difference = (a: Buffer, b: Buffer) =>
      a.reduce((s, v, i) => s + Math.abs(v - b[i]!), 0) / a.length;
    expect(difference(at(part, 4), at(whole, 4))).toBeLessThan(
      difference(at(part, 4), at(whole, 3)),
    );
    expect(difference(at(part, 4), at(whole, 4))).toBeLessThan(2);
  });

  it('yields each frame also at a larger detail size from the same decode, the frame unchanged', async () => {
    const plain = await collect(readFrames({ input: pattern, fps: 2, width: 64, height: 36 }));
    const both = await collect(
      readFrames({ input: pattern, fps: 2, width: 64, height: 36, detailWidth: 192 }),
    );
    expect(both.map((f) => f.data)).toEqual(plain.map((f) => f.data));
    expect(both.map((f) => f.audio.length)).toEqual(plain.map((f) => f.audio.length));
    const { detail, data } = both[4]!;
    expect([detail?.width, detail?.height, detail?.data.length]).toEqual([192, 108, 192 * 108 * 3]);
    // the detail is the same picture: each 3x3 block averages to about the frame's pixel (chroma
    // is subsampled at each size: 6 levels on average here, and 20 for a picture one pixel off)
    let error = 0;
    for (let y = 0; y < 36; y++) {
      for (let x = 0; x < 64; x++) {
        for (let c = 0; c < 3; c++) {
          let sum = 0;
          for (let dy = 0; dy < 3; dy++)
            for (let dx = 0; dx < 3; dx++)
              sum += detail!.data[((y * 3 + dy) * 192 + x * 3 + dx) * 3 + c]!;
          error += Math.abs(sum / 9 - data[(y * 64 + x) * 3 + c]!);
        }
      }
    }
    expect(error / (64 * 36 * 3)).toBeLessThan(10);
    const smaller = await collect(
      readFrames({ input: pattern, fps: 2, width: 64, detailWidth: 32 }),
    );
    expect(smaller[0]!.detail).toBeUndefined();
  });

  it('gives gray frames of one byte per pixel', async () => {
    const frames = await collect(
      readFrames({ input: silent, fps: 2, width: 32, pixelFormat: 'gray' }),
    );
    expect(frames[0]!.data.length).toBe(32 * 18);
  });

  it('still yields frames for a video without sound, with empty audio', async () => {
    const frames = await collect(readFrames({ input: silent, fps: 5, width: 32 }));
    expect(frames.length).toBeGreaterThanOrEqual(19);
    expect(frames.every((f) => f.audio.length === 0)).toBe(true);
  });

  it('stops ffmpeg and throws ABORTED when cancelled', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const error = await errorOf(
      (async () => {
        for await (const frame of readFrames({
          input: longPattern,
          fps: 25,
          width: 64,
          signal: controller.signal,
        })) {
          if (frame.index === 3) controller.abort();
        }
      })(),
    );
    expect(error.code).toBe('ABORTED');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('renderSegments', () => {
  it('keeps only the chosen segments, in order, with sound', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'vision-test-')), 'cut.mp4');
    const result = await renderSegments({
      input: pattern,
      segments: [
        { start: 6, end: 8 },
        { start: 1, end: 3 },
      ],
      output: out,
    });
    expect(result.mode).toBe('smart-copy');
    const info = await probeVideo(out);
    expect(info.durationSec).toBeGreaterThan(3.8);
    expect(info.durationSec).toBeLessThan(5);
    expect(info.audio).not.toBeNull();
    await rm(out, { force: true });
  });

  it('re-encodes only up to the next keyframe when a cut starts between keyframes', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'vision-test-')), 'cut.mp4');
    const result = await renderSegments({
      input: pattern,
      segments: [{ start: 2.5, end: 6 }],
      output: out,
      maxSnapSec: 0,
    });
    expect(result.encodedSec).toBeGreaterThan(0);
    expect(result.encodedSec).toBeLessThanOrEqual(0.6);
    expect(result.copiedSec).toBeGreaterThan(2.5);
    expect((await probeVideo(out)).durationSec).toBeGreaterThan(3.3);
    await rm(out, { force: true });
  });

  it('refuses to render when no segment lies inside the video', async () => {
    const out = join(tmpdir(), 'vision-never-written.mp4');
    const error = await errorOf(
      renderSegments({ input: pattern, segments: [{ start: 50, end: 60 }], output: out }),
    );
    expect(error.code).toBe('BAD_ARGUMENT');
  });

  it('cleans up its temporary files and the partial output when cancelled', async () => {
    const temp = await mkdtemp(join(tmpdir(), 'vision-test-'));
    const out = join(temp, 'cut.mp4');
    const controller = new AbortController();
    const error = await errorOf(
      renderSegments({
        input: longPattern,
        segments: [{ start: 0, end: 60 }],
        output: out,
        tempDir: temp,
        forceEncode: true,
        signal: controller.signal,
        onProgress: (p) => {
          if (p > 0) controller.abort();
        },
      }),
    );
    expect(error.code).toBe('ABORTED');
    expect(await exists(out)).toBe(false);
    expect(await readdir(temp)).toEqual([]);
    await rm(temp, { recursive: true, force: true });
  });
});
