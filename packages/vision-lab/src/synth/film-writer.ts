import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { ffmpegPath, runProcess, abortError, MediaError } from '@filmroom/vision/media';

/** How a generated film is drawn and encoded. */
export interface SynthFilmEncoding {
  /** Folder for the film and its ground truth (git-ignored cache). */
  outDir: string;
  /** The cache name: `<name>.mp4` and `<name>.json`. */
  name: string;
  durationSec: number;
  fps: number;
  /** Size the frames are drawn at; ffmpeg scales them to `width` x `height`. */
  drawWidth: number;
  drawHeight: number;
  width: number;
  height: number;
  crf: number;
  /** Bit-rate cap (kbit/s); 0 or absent: none. */
  maxKbps?: number;
  /** GOP length in seconds (keyframe interval). */
  keyframeSec: number;
  /** Mono float samples at `rate`, encoded as AAC at `bitrate`; absent: a silent film. */
  audio?: { samples: Float32Array; rate: number; bitrate: string };
  /** The filter from the drawing to the film's frame; absent: a plain scale to `width` x `height`. */
  outputFilter?: string;
  /** A display rotation tag (degrees) set on the finished film, as phones record it. */
  displayRotation?: number;
  /** Says what failed when ffmpeg does ("Could not encode the … film."). */
  failure: string;
  signal?: AbortSignal;
}

/** The ground truth cached beside a film, or undefined when the film is not generated yet. */
export async function cachedFilmTruth<T>(outDir: string, name: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(join(outDir, `${name}.json`), 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** The path a film of this name is cached at. */
export function synthFilmPath(outDir: string, name: string): string {
  return join(outDir, `${name}.mp4`);
}

/**
 * Encodes the frames `drawFrame(t, dt)` draws (rgb24 at the draw size) into `<name>.mp4` and writes
 * `truth` beside it as `<name>.json`. Concurrent generators of the same film (parallel test runs)
 * each write their own files and the finished film is renamed into place, so a reader never sees a
 * half-written cached film.
 */
export async function writeSynthFilm<T>(
  encoding: SynthFilmEncoding,
  drawFrame: (t: number, dt: number) => Uint8Array,
  truth: T,
): Promise<T> {
  const { outDir, name, fps, signal } = encoding;
  await mkdir(outDir, { recursive: true });
  const unique = `${process.pid}-${randomUUID()}`;
  const partialPath = join(outDir, `${name}.${unique}.partial.mp4`);
  const audioPath = join(outDir, `${name}.${unique}.f32`);
  const { audio } = encoding;
  if (audio) {
    const { samples } = audio;
    await writeFile(audioPath, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
  }
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
  args.push('-f', 'rawvideo', '-pix_fmt', 'rgb24');
  args.push(
    '-s',
    `${encoding.drawWidth}x${encoding.drawHeight}`,
    '-r',
    String(fps),
    '-i',
    'pipe:0',
  );
  if (audio) args.push('-f', 'f32le', '-ar', String(audio.rate), '-ac', '1', '-i', audioPath);
  args.push(
    '-vf',
    encoding.outputFilter ?? `scale=${encoding.width}:${encoding.height}:flags=bicubic`,
  );
  args.push('-c:v', 'libx264', '-preset', 'superfast', '-crf', String(encoding.crf));
  const maxKbps = encoding.maxKbps ?? 0;
  if (maxKbps > 0) args.push('-maxrate', `${maxKbps}k`, '-bufsize', `${maxKbps * 2}k`);
  args.push('-g', String(Math.round(fps * encoding.keyframeSec)), '-pix_fmt', 'yuv420p');
  if (audio) args.push('-c:a', 'aac', '-b:a', audio.bitrate, '-ar', '48000');
  args.push('-movflags', '+faststart', '-t', String(encoding.durationSec), partialPath);
  const child = spawn(ffmpegPath(), args, { stdio: ['pipe', 'ignore', 'pipe'] });
  const stdin = child.stdin as Writable;
  let stderr = '';
  (child.stderr as Readable).on(
    'data',
    (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)),
  );
  let hasClosed = false;
  const closed = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      hasClosed = true;
      resolve(code);
    }),
  );
  stdin.on('error', () => undefined);
  const onAbort = (): void => void child.kill('SIGKILL');
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const frames = Math.round(encoding.durationSec * fps);
    const dt = 1 / fps;
    for (let i = 0; i < frames; i++) {
      if (signal?.aborted) throw abortError();
      const data = drawFrame(i * dt, dt);
      if (!stdin.write(Buffer.from(data)) && !hasClosed)
        await Promise.race([new Promise<void>((resolve) => stdin.once('drain', resolve)), closed]);
    }
    stdin.end();
    const code = await closed;
    if (signal?.aborted) throw abortError();
    if (code !== 0) throw new MediaError('FFMPEG_FAILED', encoding.failure, stderr);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(partialPath, { force: true });
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await rm(audioPath, { force: true });
  }
  if (encoding.displayRotation) await tagDisplayRotation(partialPath, encoding.displayRotation);
  await rename(partialPath, synthFilmPath(outDir, name));
  const truthPath = join(outDir, `${name}.json`);
  const partialTruthPath = `${truthPath}.${unique}.partial`;
  await writeFile(partialTruthPath, JSON.stringify(truth, null, 2));
  await rename(partialTruthPath, truthPath);
  return truth;
}

/** Sets a film's display rotation in place (a stream copy: ffmpeg 5 drops the tag when encoding). */
async function tagDisplayRotation(file: string, degrees: number): Promise<void> {
  const tagged = `${file}.rotated.mp4`;
  const result = await runProcess(ffmpegPath(), [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    file,
    '-map',
    '0',
    '-c',
    'copy',
    '-metadata:s:v:0',
    `rotate=${degrees}`,
    '-movflags',
    '+faststart',
    tagged,
  ]);
  if (result.code !== 0) {
    await rm(tagged, { force: true });
    throw new MediaError('FFMPEG_FAILED', 'Could not set the display rotation.', result.stderr);
  }
  await rename(tagged, file);
}
