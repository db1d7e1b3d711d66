import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeVideo } from '@filmroom/vision/media';
import { testClip } from '@filmroom/test-media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBrowserPlayable, makeThumbnail, playableActionFor } from './video-rendition.js';

let dir = '';
/** 2 s clips with a tone: H.264 in MP4 and in MKV, and HEVC in a .mov as an iPhone records it. */
const films = { h264Mp4: '', h264Mkv: '', iphoneMov: '' };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-rendition-'));
  const clip = { seconds: 2, fps: 25 };
  films.h264Mp4 = await testClip(clip);
  films.h264Mkv = await testClip({ ...clip, container: 'mkv' });
  films.iphoneMov = await testClip({ ...clip, codec: 'hevc' });
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('browser-playable renditions', () => {
  it('keeps an H.264 MP4 as it is, remuxes H.264 in MKV, re-encodes HEVC', async () => {
    expect(playableActionFor(await probeVideo(films.h264Mp4))).toBe('none');
    expect(playableActionFor(await probeVideo(films.h264Mkv))).toBe('remux');
    expect(playableActionFor(await probeVideo(films.iphoneMov))).toBe('transcode');
  });

  it('turns an iPhone-style HEVC .mov into an H.264/AAC MP4 of the same length', async () => {
    const input = films.iphoneMov;
    const output = path.join(dir, 'iphone.mp4');
    const progress: number[] = [];
    const info = await probeVideo(input);
    await makeBrowserPlayable({
      input,
      output,
      info,
      action: 'transcode',
      onProgress: (p) => progress.push(p),
    });
    const result = await probeVideo(output);
    expect(result.video?.codec).toBe('h264');
    expect(result.audio?.codec).toBe('aac');
    expect(result.durationSec).toBeCloseTo(info.durationSec, 0);
    expect(progress.length).toBeGreaterThan(0);
    expect(Math.max(...progress)).toBeLessThanOrEqual(100);
  });

  it('leaves no partial file when the conversion is cancelled', async () => {
    const input = films.iphoneMov;
    const controller = new AbortController();
    controller.abort();
    await expect(
      makeBrowserPlayable({
        input,
        output: path.join(dir, 'cancelled.mp4'),
        info: await probeVideo(input),
        action: 'transcode',
        signal: controller.signal,
      }),
    ).rejects.toThrow();
    expect((await readdir(dir)).filter((name) => name.startsWith('cancelled'))).toEqual([]);
  });

  it('makes a JPEG thumbnail', async () => {
    const input = films.h264Mp4;
    const output = path.join(dir, 'thumb.jpg');
    await makeThumbnail({ input, output, info: await probeVideo(input) });
    const bytes = await readFile(output);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });
});
