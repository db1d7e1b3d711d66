import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegPath } from './ffmpeg-paths.js';
import { abortError, MediaError } from './media-error.js';
import { mediaInputArgs } from './media-input.js';
import { probeKeyframes, probeVideo, type MediaInfo } from './probe.js';
import { planRenderPieces, type RenderPiece } from './render-plan.js';
import { runProcess } from './run-process.js';
import { normaliseSegments, totalLength, type Segment } from './segments.js';

export interface RenderSegmentsOptions {
  input: string;
  /** Intervals to keep, in seconds; they are sorted, clamped and merged first. */
  segments: readonly Segment[];
  /** Output MP4 path (H.264 + AAC, faststart, plays in browsers). Overwritten if present. */
  output: string;
  signal?: AbortSignal;
  /** Called with 0–100 as the render advances. */
  onProgress?: (percent: number) => void;
  /** Probe result if the caller already has one. */
  info?: MediaInfo;
  /** How far (s) a segment start may move back to the previous keyframe to allow a copy; default 3. */
  maxSnapSec?: number;
  /** Folder for temporary pieces; default the OS temp folder. Always cleaned up. */
  tempDir?: string;
  /** Force one full re-encode instead of copying (default false). */
  forceEncode?: boolean;
}

export interface RenderSegmentsResult {
  output: string;
  /** Length of the rendered video (seconds), including any lead-in gained by keyframe snapping. */
  outputSec: number;
  /** Seconds stream-copied and seconds re-encoded. */
  copiedSec: number;
  encodedSec: number;
  mode: 'smart-copy' | 'full-encode';
}

const COPYABLE_VIDEO = new Set(['h264']);
// Encoded heads carry AAC, so copied pieces may keep their audio only when it is AAC too.
const COPYABLE_AUDIO = new Set(['aac']);

/**
 * Writes only the given segments of a video, in order, with audio, as one MP4. H.264 input is
 * stream-copied from keyframes (re-encoding only short heads that start between keyframes); other
 * codecs, rotated video and odd containers are re-encoded in one pass.
 *
 * Throws MediaError: NOT_FOUND, NOT_MEDIA, NO_VIDEO, EMPTY, BAD_ARGUMENT (nothing to keep),
 * FFMPEG_FAILED, ABORTED (temp files and the partial output are removed).
 */
export async function renderSegments(
  options: RenderSegmentsOptions,
): Promise<RenderSegmentsResult> {
  const { input, output, signal, onProgress } = options;
  if (signal?.aborted) throw abortError();
  const info = options.info ?? (await probeVideo(input, { signal }));
  const segments = normaliseSegments(options.segments, info.durationSec);
  if (segments.length === 0) {
    throw new MediaError(
      'BAD_ARGUMENT',
      'There is nothing to render: no segment lies inside the video.',
    );
  }
  const video = info.video!;
  const canCopy =
    !options.forceEncode &&
    COPYABLE_VIDEO.has(video.codec) &&
    video.rotation === 0 &&
    /mp4|mov|matroska|mpegts|flv/.test(info.formatName);
  const temp = await mkdtemp(join(options.tempDir ?? tmpdir(), 'filmroom-render-'));
  let succeeded = false;
  try {
    onProgress?.(0);
    const result = canCopy
      ? await renderSmartCopy(input, info, segments, output, temp, options)
      : await renderFullEncode(input, info, segments, output, options);
    onProgress?.(100);
    succeeded = true;
    return result;
  } finally {
    await rm(temp, { recursive: true, force: true });
    if (!succeeded) await rm(output, { force: true });
  }
}

async function renderSmartCopy(
  input: string,
  info: MediaInfo,
  segments: Segment[],
  output: string,
  temp: string,
  options: RenderSegmentsOptions,
): Promise<RenderSegmentsResult> {
  const { signal, onProgress } = options;
  const keyframes = await probeKeyframes(input, { signal });
  const pieces = planRenderPieces(segments, keyframes, info.durationSec, options.maxSnapSec ?? 3);
  // Encoding costs ~100x a copy per second of video: weight progress accordingly.
  const cost = (p: RenderPiece): number => (p.end - p.start) * (p.mode === 'encode' ? 100 : 1);
  const totalCost = pieces.reduce((sum, p) => sum + cost(p), 0) * 1.05;
  let doneCost = 0;
  const names: string[] = [];
  for (const [i, piece] of pieces.entries()) {
    const name = `piece-${String(i).padStart(5, '0')}.ts`;
    await runFfmpeg(pieceArgs(input, info, piece, join(temp, name)), signal, (sec) =>
      onProgress?.(
        Math.min(
          99,
          ((doneCost + cost(piece) * Math.min(1, sec / (piece.end - piece.start))) / totalCost) *
            100,
        ),
      ),
    );
    doneCost += cost(piece);
    onProgress?.(Math.min(99, (doneCost / totalCost) * 100));
    names.push(name);
  }
  const list = join(temp, 'pieces.txt');
  await writeFile(list, names.map((n) => `file '${n}'`).join('\n') + '\n');
  await runFfmpeg(
    [
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      '-map',
      '0',
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      '-y',
      output,
    ],
    signal,
  );
  const copiedSec = totalLength(pieces.filter((p) => p.mode === 'copy'));
  const encodedSec = totalLength(pieces.filter((p) => p.mode === 'encode'));
  return { output, outputSec: copiedSec + encodedSec, copiedSec, encodedSec, mode: 'smart-copy' };
}

function audioArgs(info: MediaInfo, encode: boolean): string[] {
  if (!info.audio) return [];
  const copy = !encode && COPYABLE_AUDIO.has(info.audio.codec);
  if (copy) return ['-c:a', 'copy'];
  const rate = info.audio.sampleRate > 0 ? info.audio.sampleRate : 48000;
  const channels = Math.min(2, Math.max(1, info.audio.channels));
  return ['-c:a', 'aac', '-b:a', '160k', '-ar', String(rate), '-ac', String(channels)];
}

function pieceArgs(input: string, info: MediaInfo, piece: RenderPiece, file: string): string[] {
  const length = (piece.end - piece.start).toFixed(3);
  const base = [
    '-ss',
    piece.start.toFixed(3),
    ...mediaInputArgs(input),
    '-t',
    length,
    '-map',
    '0:v:0',
  ];
  if (info.audio) base.push('-map', '0:a:0');
  if (piece.mode === 'copy') {
    // Copies must start exactly on the keyframe: seek a hair past it so the demuxer lands on it.
    base[1] = (piece.start + 0.001).toFixed(3);
    return [
      ...base,
      '-c:v',
      'copy',
      ...audioArgs(info, false),
      '-avoid_negative_ts',
      'make_zero',
      '-y',
      file,
    ];
  }
  return [
    ...base,
    ...encodeVideoArgs(info),
    // Copied audio cannot be cut between packets: encode it so it lines up with the video.
    ...audioArgs(info, true),
    '-y',
    file,
  ];
}

function encodeVideoArgs(info: MediaInfo): string[] {
  const fps = info.video && info.video.fps > 0 && info.video.fps <= 120 ? info.video.fps : 30;
  return [
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '20',
    '-pix_fmt',
    'yuv420p',
    '-r',
    fps.toFixed(3),
    '-x264-params',
    'repeat-headers=1',
  ];
}

async function renderFullEncode(
  input: string,
  info: MediaInfo,
  segments: Segment[],
  output: string,
  options: RenderSegmentsOptions,
): Promise<RenderSegmentsResult> {
  const { signal, onProgress } = options;
  const keep = segments
    .map((s) => `between(t,${s.start.toFixed(3)},${s.end.toFixed(3)})`)
    .join('+');
  const kept = totalLength(segments);
  const args = [
    ...mediaInputArgs(input),
    '-map',
    '0:v:0',
    '-vf',
    `select='${keep}',setpts=N/FRAME_RATE/TB,scale=trunc(iw/2)*2:trunc(ih/2)*2`,
  ];
  if (info.audio) args.push('-map', '0:a:0', '-af', `aselect='${keep}',asetpts=N/SR/TB`);
  args.push(
    ...encodeVideoArgs(info),
    ...audioArgs(info, true),
    '-movflags',
    '+faststart',
    '-y',
    output,
  );
  await runFfmpeg(args, signal, (sec) => onProgress?.(Math.min(99, (sec / kept) * 100)));
  return { output, outputSec: kept, copiedSec: 0, encodedSec: kept, mode: 'full-encode' };
}

const TIME_PATTERN = /time=(\d+):(\d+):(\d+(?:\.\d+)?)/g;

async function runFfmpeg(
  args: string[],
  signal: AbortSignal | undefined,
  onTime?: (sec: number) => void,
): Promise<void> {
  const full = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-stats', ...args];
  const result = await runProcess(ffmpegPath(), full, {
    signal,
    onStderr: (chunk) => {
      if (!onTime) return;
      for (const m of chunk.matchAll(TIME_PATTERN)) {
        onTime(Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]));
      }
    },
  });
  if (result.code !== 0) {
    const detail = result.stderr.replace(/^.*time=.*$/gm, '').trim();
    throw new MediaError('FFMPEG_FAILED', 'ffmpeg could not render the video.', detail);
  }
}
