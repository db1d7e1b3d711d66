import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeVideo } from '@filmroom/vision';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBrowserPlayable, makeThumbnail, playableActionFor } from './video-rendition.js';

let dir = '';

function ffmpeg(...args: string[]): void {
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-rendition-'));
  const video = [
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
  ];
  ffmpeg(
    ...video,
    '-t',
    '2',
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-c:a',
    'aac',
    path.join(dir, 'h264.mp4'),
  );
  ffmpeg(
    ...video,
    '-t',
    '2',
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-c:a',
    'aac',
    path.join(dir, 'h264.mkv'),
  );
  ffmpeg(
    ...video,
    '-t',
    '2',
    '-c:v',
    'libx265',
    '-tag:v',
    'hvc1',
    '-c:a',
    'aac',
    '-x265-params',
    'log-level=error',
    path.join(dir, 'iphone.mov'),
  );
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('browser-playable renditions', () => {
  it('keeps an H.264 MP4 as it is, remuxes H.264 in MKV, re-encodes HEVC', async () => {
    expect(playableActionFor(await probeVideo(path.join(dir, 'h264.mp4')))).toBe('none');
    expect(playableActionFor(await probeVideo(path.join(dir, 'h264.mkv')))).toBe('remux');
    expect(playableActionFor(await probeVideo(path.join(dir, 'iphone.mov')))).toBe('transcode');
  });

  it('turns an iPhone-style HEVC .mov into an H.264/AAC MP4 of the same length', async () => {
    const input = path.join(dir, 'iphone.mov');
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
    const input = path.join(dir, 'iphone.mov');
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
    const input = path.join(dir, 'h264.mp4');
    const output = path.join(dir, 'thumb.jpg');
    await makeThumbnail({ input, output, info: await probeVideo(input) });
    const bytes = await readFile(output);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });
});
