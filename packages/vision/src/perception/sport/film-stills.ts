import type { Readable } from 'node:stream';
import { ffmpegPath } from '../../media/ffmpeg-paths.js';
import { abortError } from '../../media/media-error.js';
import { mediaInputArgs } from '../../media/media-input.js';
import { displaySize, type PictureArea } from '../../media/picture-area.js';
import type { MediaInfo } from '../../media/probe.js';
import { spawnBound } from '../../media/spawn-bound.js';
import type { RgbImage } from './sport-features.js';

export interface FilmStillsOptions {
  input: string;
  info: MediaInfo;
  /** How many stills, spread evenly over the film. */
  count: number;
  /** Width of each still (height keeps the picture's shape). */
  width: number;
  /** The picture inside black bars, when the film has them. */
  crop?: PictureArea;
  signal?: AbortSignal;
}

/**
 * A few small rgb stills spread over a film, each the keyframe at or before its moment: only those
 * keyframes are decoded (one short ffmpeg run each), so the cost does not grow with the film's length.
 * A moment ffmpeg cannot decode gives no still.
 */
export async function filmStills(options: FilmStillsOptions): Promise<RgbImage[]> {
  const { input, info, count, signal } = options;
  const shown = options.crop ?? displaySize(info);
  const width = Math.max(2, Math.round(options.width / 2) * 2);
  const height = Math.max(2, Math.round((width * shown.height) / shown.width / 2) * 2);
  // Leave the last second: a seek past the last keyframe may decode nothing.
  const span = Math.max(0, info.durationSec - 1);
  const stills: RgbImage[] = [];
  for (let i = 0; i < count; i++) {
    if (signal?.aborted) throw abortError();
    const atSec = (span * (i + 0.5)) / count;
    const still = await keyframeAt(input, atSec, { width, height }, options.crop, signal);
    if (still) stills.push(still);
  }
  return stills;
}

async function keyframeAt(
  input: string,
  atSec: number,
  size: { width: number; height: number },
  crop: PictureArea | undefined,
  signal: AbortSignal | undefined,
): Promise<RgbImage | undefined> {
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error'];
  args.push('-skip_frame', 'nokey', '-noaccurate_seek', '-ss', atSec.toFixed(3));
  args.push(...mediaInputArgs(input), '-map', '0:v:0', '-vsync', 'passthrough');
  const cropped = crop ? `crop=${crop.width}:${crop.height}:${crop.x}:${crop.y},` : '';
  args.push('-vf', `${cropped}scale=${size.width}:${size.height}:flags=area,format=rgb24`);
  args.push('-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1');
  const child = spawnBound(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'ignore'] });
  const bytes = size.width * size.height * 3;
  const chunks: Buffer[] = [];
  const onAbort = (): void => void child.kill('SIGKILL');
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    (child.stdout as Readable).on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (signal?.aborted) throw abortError();
    const data = Buffer.concat(chunks);
    return data.length >= bytes ? { ...size, data: data.subarray(0, bytes) } : undefined;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
