import { access } from 'node:fs/promises';
import { ffprobePath } from './ffmpeg-paths.js';
import { mediaInputArgs } from './media-input.js';
import { MediaError } from './media-error.js';
import { hasPacketsToTheEnd, isImplausibleHeader, measurePackets } from './real-length.js';
import { runProcess } from './run-process.js';

/** What a media file holds, as far as the analysis and the renderer need to know. */
export interface MediaInfo {
  /**
   * Duration in seconds (0 when unknown): the container's, or where that is implausible or the file
   * is cut off, the video packets' (see real-length.ts).
   */
  durationSec: number;
  /** What the header declared, when the packets said otherwise. */
  declaredDurationSec?: number;
  /** Container format names, e.g. "mov,mp4,m4a,3gp,3g2,mj2". */
  formatName: string;
  video: VideoStreamInfo | null;
  audio: AudioStreamInfo | null;
}

export interface VideoStreamInfo {
  codec: string;
  width: number;
  height: number;
  /** Average frame rate (frames per second; 0 when unknown). */
  fps: number;
  pixelFormat: string;
  /** Display rotation in degrees from the stream's side data (0, 90, 180, 270). */
  rotation: number;
  frameCount: number | null;
}

export interface AudioStreamInfo {
  codec: string;
  sampleRate: number;
  channels: number;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  pix_fmt?: string;
  nb_frames?: string;
  duration?: string;
  sample_rate?: string;
  channels?: number;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string; format_name?: string };
}

function parseRate(rate: string | undefined): number {
  if (!rate) return 0;
  const [num, den] = rate.split('/').map(Number);
  if (num === undefined || !Number.isFinite(num)) return 0;
  if (den === undefined) return num;
  return den > 0 ? num / den : 0;
}

function rotationOf(stream: FfprobeStream): number {
  const fromSideData = stream.side_data_list?.find((s) => typeof s.rotation === 'number')?.rotation;
  const raw = fromSideData ?? Number(stream.tags?.rotate ?? 0);
  const normalised = (((Math.round(raw / 90) * 90) % 360) + 360) % 360;
  return Number.isFinite(normalised) ? normalised : 0;
}

/**
 * Reads a file's streams with ffprobe; a video's length is checked against its packets where the
 * header is implausible or the file ends early.
 * Throws MediaError NOT_FOUND (no file), NOT_MEDIA (ffprobe cannot read it), EMPTY (a video stream
 * without packets), BAD_TIMING (packets hours apart) or ABORTED.
 */
export async function probeMedia(
  input: string,
  options: { signal?: AbortSignal } = {},
): Promise<MediaInfo> {
  try {
    await access(input);
  } catch {
    throw new MediaError('NOT_FOUND', `The file ${input} does not exist.`);
  }
  const result = await runProcess(
    ffprobePath(),
    [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      ...mediaInputArgs(input),
    ],
    { signal: options.signal },
  );
  if (result.code !== 0) {
    throw new MediaError(
      'NOT_MEDIA',
      'The file is not a video that can be read.',
      result.stderr.trim(),
    );
  }
  let parsed: FfprobeOutput;
  try {
    parsed = JSON.parse(result.stdout) as FfprobeOutput;
  } catch {
    throw new MediaError(
      'NOT_MEDIA',
      'The file is not a video that can be read.',
      result.stdout.slice(0, 500),
    );
  }
  const streams = parsed.streams ?? [];
  const v = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const a = streams.find((s) => s.codec_type === 'audio');
  const formatDuration = Number(parsed.format?.duration ?? NaN);
  const streamDuration = Number(v?.duration ?? a?.duration ?? NaN);
  const durationSec = Number.isFinite(formatDuration)
    ? formatDuration
    : Number.isFinite(streamDuration)
      ? streamDuration
      : 0;
  const nbFrames = v?.nb_frames === undefined ? NaN : Number(v.nb_frames);
  const video: VideoStreamInfo | null = v
    ? {
        codec: v.codec_name ?? '',
        width: v.width ?? 0,
        height: v.height ?? 0,
        fps: parseRate(v.avg_frame_rate) || parseRate(v.r_frame_rate),
        pixelFormat: v.pix_fmt ?? '',
        rotation: rotationOf(v),
        frameCount: Number.isFinite(nbFrames) ? nbFrames : null,
      }
    : null;
  const info: MediaInfo = {
    durationSec,
    formatName: parsed.format?.format_name ?? '',
    video,
    audio: a
      ? {
          codec: a.codec_name ?? '',
          sampleRate: Number(a.sample_rate ?? 0),
          channels: a.channels ?? 0,
        }
      : null,
  };
  return video ? withRealLength(input, info, video, options.signal) : info;
}

/** The info with the video packets' length where the header's cannot be trusted. */
async function withRealLength(
  input: string,
  info: MediaInfo,
  video: VideoStreamInfo,
  signal: AbortSignal | undefined,
): Promise<MediaInfo> {
  const declared = { durationSec: info.durationSec, fps: video.fps, frameCount: video.frameCount };
  if (
    !isImplausibleHeader(declared) &&
    (await hasPacketsToTheEnd(input, info.durationSec, signal))
  ) {
    return info;
  }
  const real = await measurePackets(input, signal);
  return {
    ...info,
    durationSec: real.durationSec,
    declaredDurationSec: info.durationSec,
    video: {
      ...video,
      fps: video.fps >= 1 ? video.fps : real.fps,
      frameCount: real.frameCount,
    },
  };
}

/**
 * Probes and insists on a readable video stream with a positive duration.
 * Throws MediaError NO_VIDEO or EMPTY in addition to probeMedia's errors.
 */
export async function probeVideo(
  input: string,
  options: { signal?: AbortSignal } = {},
): Promise<MediaInfo> {
  const info = await probeMedia(input, options);
  if (!info.video && !info.audio && !(info.durationSec > 0)) {
    throw new MediaError('EMPTY', 'The video is empty (zero length).');
  }
  if (!info.video || info.video.width <= 0 || info.video.height <= 0) {
    throw new MediaError('NO_VIDEO', 'The file has no video track.');
  }
  if (!(info.durationSec > 0) || info.video.frameCount === 0) {
    throw new MediaError('EMPTY', 'The video is empty (zero length).');
  }
  return info;
}

/**
 * Presentation times (seconds) of the video keyframes, read from packets without decoding.
 */
export async function probeKeyframes(
  input: string,
  options: { signal?: AbortSignal } = {},
): Promise<number[]> {
  const result = await runProcess(
    ffprobePath(),
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'packet=pts_time,flags',
      '-of',
      'csv=p=0',
      ...mediaInputArgs(input),
    ],
    { signal: options.signal },
  );
  if (result.code !== 0) {
    throw new MediaError(
      'NOT_MEDIA',
      'The file is not a video that can be read.',
      result.stderr.trim(),
    );
  }
  const times: number[] = [];
  for (const line of result.stdout.split('\n')) {
    const [pts, flags] = line.split(',');
    if (!flags?.includes('K')) continue;
    const t = Number(pts);
    if (Number.isFinite(t)) times.push(t);
  }
  return times.sort((x, y) => x - y);
}
