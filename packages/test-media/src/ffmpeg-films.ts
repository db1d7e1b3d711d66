import { randomUUID } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runFfmpeg } from './run-ffmpeg.js';

/**
 * The films every suite and the benchmarks use: made once, kept in this package's git-ignored cache
 * (or FILMROOM_TEST_FILM_DIR) and reused by every suite and run.
 */
export function testFilmDir(): string {
  return (
    process.env.FILMROOM_TEST_FILM_DIR ??
    fileURLToPath(new URL('../.cache/test-films', import.meta.url))
  );
}

/** A still, silent green picture: there is no live play in it. */
export function stillFilm(seconds = 6): Promise<string> {
  return cachedFfmpegFilm(`still-${seconds}s.mp4`, [
    '-f',
    'lavfi',
    '-i',
    'color=c=0x2e7d32:size=320x180:rate=15',
    '-t',
    String(seconds),
    ...H264,
  ]);
}

export interface TestClipOptions {
  /** H.264 plays in browsers as is; HEVC (as iPhones record) needs a rendition. */
  codec?: 'h264' | 'hevc';
  /** MP4 for H.264 and MOV for HEVC by default; H.264 in MKV plays once remuxed. */
  container?: 'mp4' | 'mov' | 'mkv';
  /** H.264 in 4:2:2 plays in no browser: ingest re-encodes it. */
  pixelFormat?: 'yuv420p' | 'yuv422p';
  seconds?: number;
  /** Width x height, e.g. '640x360'. */
  size?: string;
  fps?: number;
  /** Video bit rate (e.g. '4M') to make the file larger; the encoder's default otherwise. */
  bitrate?: string;
  /** A 440 Hz tone beside the picture (the default); false for a silent clip. */
  audio?: boolean;
  /** A moving test pattern (the default) or a still green field where nothing moves. */
  picture?: 'pattern' | 'still';
  /** One keyframe this often (the encoder's default, about 10 s, otherwise). */
  keyframeEverySec?: number;
}

/** A test-pattern clip with a tone: the everyday "some video" of upload, import and library tests. */
export function testClip(options: TestClipOptions = {}): Promise<string> {
  const {
    codec = 'h264',
    container = codec === 'h264' ? 'mp4' : 'mov',
    pixelFormat = 'yuv420p',
    seconds = 1,
    size = '320x240',
    fps = 15,
    bitrate,
    audio = true,
    picture = 'pattern',
    keyframeEverySec,
  } = options;
  const video =
    codec === 'h264'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', pixelFormat]
      : [
          '-c:v',
          'libx265',
          '-preset',
          'ultrafast',
          '-x265-params',
          'log-level=error',
          '-tag:v',
          'hvc1',
        ];
  const name = [
    `clip-${codec}-${seconds}s-${size}-${fps}fps`,
    bitrate ? `-${bitrate}` : '',
    pixelFormat === 'yuv420p' ? '' : `-${pixelFormat}`,
    audio ? '' : '-silent',
    picture === 'pattern' ? '' : `-${picture}`,
    keyframeEverySec ? `-gop${keyframeEverySec}s` : '',
    `.${container}`,
  ].join('');
  return cachedFfmpegFilm(name, [
    '-f',
    'lavfi',
    '-i',
    picture === 'pattern'
      ? `testsrc2=size=${size}:rate=${fps}`
      : `color=c=0x2f7a35:size=${size}:rate=${fps}`,
    ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'] : []),
    '-t',
    String(seconds),
    ...video,
    ...(keyframeEverySec ? ['-g', String(Math.round(fps * keyframeEverySec))] : []),
    ...(bitrate ? ['-b:v', bitrate] : []),
    ...(audio ? ['-c:a', 'aac'] : []),
    ...(codec === 'h264' && container !== 'mkv' ? ['-movflags', '+faststart'] : []),
  ]);
}

/** An MP4 whose video stream holds no frame at all. */
export function emptyFilm(): Promise<string> {
  return cachedFfmpegFilm('empty.mp4', [
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x180:rate=25',
    '-frames:v',
    '0',
    ...H264,
  ]);
}

/** A text file given where a film is expected. */
export async function notAVideo(): Promise<string> {
  const dir = testFilmDir();
  await mkdir(dir, { recursive: true });
  const path = join(dir, 'not-a-video.txt');
  // Written aside and renamed, like the films, so a parallel reader never sees it half written.
  const partial = join(dir, `${randomUUID()}.partial.txt`);
  await writeFile(partial, 'This is a text file, not a video.\n');
  await rename(partial, path);
  return path;
}

const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

/**
 * Makes the film `name` with ffmpeg (`args` are its inputs and encoding) once and keeps it in `dir`;
 * written aside and renamed, so parallel runs never read half a file.
 */
export async function cachedFfmpegFilm(
  name: string,
  args: string[],
  dir = testFilmDir(),
): Promise<string> {
  const path = join(dir, name);
  try {
    await access(path);
    return path;
  } catch {
    // not made yet
  }
  await mkdir(dir, { recursive: true });
  const partial = join(dir, `${randomUUID()}.partial.${name.split('.').at(-1)}`);
  try {
    const result = await runFfmpeg(['-nostdin', '-v', 'error', '-y', ...args, partial]);
    if (result.code !== 0) {
      throw new Error(`Could not make the test film ${name}: ${result.stderr.trim()}`);
    }
    await rename(partial, path);
    return path;
  } finally {
    await rm(partial, { force: true });
  }
}
