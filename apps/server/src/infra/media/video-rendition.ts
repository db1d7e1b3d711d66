import { rename, rm } from 'node:fs/promises';
import {
  ffmpegPath,
  mediaInputArgs,
  MediaError,
  runProcess,
  type MediaInfo,
} from '@filmroom/vision/media';

/** What a stored video needs before a browser's <video> can play it. */
export type PlayableAction = 'none' | 'remux' | 'transcode';

const MP4_FORMAT = /(^|,)(mp4|mov)(,|$)/;
const PLAYABLE_AUDIO = new Set(['aac', 'mp3']);

/**
 * H.264 8-bit 4:2:0 (with AAC/MP3 audio or none) plays everywhere once it is in an MP4 with the index
 * up front; anything else (HEVC from iPhones, 10-bit, VP9 in MKV, ...) is re-encoded.
 */
export function playableActionFor(info: MediaInfo): PlayableAction {
  const video = info.video;
  if (!video) return 'transcode';
  const videoOk = video.codec === 'h264' && ['yuv420p', 'yuvj420p'].includes(video.pixelFormat);
  const audioOk = !info.audio || PLAYABLE_AUDIO.has(info.audio.codec);
  if (!videoOk || !audioOk || video.rotation !== 0) return 'transcode';
  return MP4_FORMAT.test(info.formatName) ? 'none' : 'remux';
}

export interface RenditionOptions {
  input: string;
  output: string;
  info: MediaInfo;
  action: Exclude<PlayableAction, 'none'>;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
}

async function runFfmpeg(
  args: string[],
  options: Pick<RenditionOptions, 'signal' | 'onProgress' | 'info'>,
) {
  const totalUs = options.info.durationSec * 1_000_000;
  const result = await runProcess(
    ffmpegPath(),
    ['-hide_banner', '-nostats', '-progress', 'pipe:2', ...args],
    {
      signal: options.signal,
      onStderr: (chunk) => {
        const match = chunk.match(/out_time_us=(\d+)/g)?.at(-1);
        if (!match || totalUs <= 0) return;
        const doneUs = Number(match.slice('out_time_us='.length));
        options.onProgress?.(Math.min(100, (doneUs / totalUs) * 100));
      },
    },
  );
  if (result.code !== 0) {
    throw new MediaError('FFMPEG_FAILED', 'The video could not be converted.', result.stderr);
  }
}

/** Writes a browser-playable H.264/AAC MP4 (faststart) of `input`; nothing is left at `output` on failure. */
export async function makeBrowserPlayable(options: RenditionOptions): Promise<void> {
  const partial = `${options.output}.partial.mp4`;
  const codecArgs =
    options.action === 'remux'
      ? ['-c', 'copy']
      : [
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '23',
          '-pix_fmt',
          'yuv420p',
          // Even dimensions, and never larger than 1080p: source quality beyond that is not worth the wait.
          '-vf',
          "scale='min(1920,iw)':-2",
          '-c:a',
          'aac',
          '-b:a',
          '128k',
          '-ac',
          '2',
        ];
  try {
    await runFfmpeg(
      [
        '-y',
        ...mediaInputArgs(options.input),
        '-map',
        '0:v:0',
        '-map',
        '0:a:0?',
        ...codecArgs,
        '-movflags',
        '+faststart',
        partial,
      ],
      options,
    );
    await rename(partial, options.output);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * A JPEG poster frame, 640 px wide, taken a little into the video so it is rarely a black frame, or
 * from its start when that will not decode. Throws MediaError EMPTY when no frame decodes at all:
 * the film is damaged, and will be every time.
 */
export async function makeThumbnail(options: {
  input: string;
  output: string;
  info: MediaInfo;
  signal?: AbortSignal;
}): Promise<void> {
  const into = Math.min(1, options.info.durationSec * 0.1);
  let stderr = '';
  for (const at of into > 0 ? [into, 0] : [0]) {
    const result = await runProcess(
      ffmpegPath(),
      [
        '-hide_banner',
        '-y',
        '-ss',
        at.toFixed(3),
        ...mediaInputArgs(options.input),
        '-frames:v',
        '1',
        '-vf',
        "scale='min(640,iw)':-2",
        '-q:v',
        '3',
        options.output,
      ],
      { signal: options.signal },
    );
    if (result.code === 0) return;
    stderr = result.stderr;
    await rm(options.output, { force: true });
  }
  throw new MediaError('EMPTY', 'No picture of the video could be decoded.', stderr);
}
