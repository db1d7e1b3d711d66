import type { Readable } from 'node:stream';
import { ffmpegPath } from './ffmpeg-paths.js';
import { abortError, MediaError } from './media-error.js';
import { mediaInputArgs } from './media-input.js';
import type { MediaInfo } from './probe.js';
import { spawnBound } from './spawn-bound.js';

/**
 * The part of the frame that holds the picture, in pixels of the frame as displayed (after the
 * stream's rotation is applied, the orientation `readFrames` and ffmpeg's filters see). Even numbers.
 */
export interface PictureArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Black bars on each side of one frame, in pixels of the frame measured. */
export interface FrameBars {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface FindPictureAreaOptions {
  input: string;
  info: MediaInfo;
  /** Short windows sampled across the film (default 6, fewer in a short clip), each a few frames. */
  windows?: number;
  signal?: AbortSignal;
}

/**
 * A line of a bar is black and flat: limited-range black is luma 16, and a bar carries almost no noise,
 * where even a night sky or a dark gym wall does (a dark scene is not a bar).
 */
const BAR_MEAN_MAX = 24;
const BAR_PIXEL_MAX = 36;
const BAR_BRIGHT_SHARE = 0.005;
/** A bar must be in at least this share of the sampled frames that show a picture. */
const STABLE_SHARE = 0.75;
/** A picture smaller than this share of either dimension is not believed (a nearly black film). */
const MIN_PICTURE_SHARE = 0.15;
const FRAMES_PER_WINDOW = 2;
/** Frames are measured at most this wide (display width); bars scale back to the film's pixels. */
const MEASURE_MAX_WIDTH = 1280;

/** The displayed frame size of a film (width and height swapped by a 90° or 270° rotation). */
export function displaySize(info: MediaInfo): { width: number; height: number } {
  const video = info.video;
  if (!video) return { width: 0, height: 0 };
  const rotated = video.rotation === 90 || video.rotation === 270;
  return rotated
    ? { width: video.height, height: video.width }
    : { width: video.width, height: video.height };
}

/** The area of a whole displayed frame. */
export function wholeFrame(info: MediaInfo): PictureArea {
  return { x: 0, y: 0, ...displaySize(info) };
}

/** Whether the area is the whole displayed frame (nothing to crop). */
export function isWholeFrame(area: PictureArea, info: MediaInfo): boolean {
  const { width, height } = displaySize(info);
  return area.x === 0 && area.y === 0 && area.width === width && area.height === height;
}

function isBarLine(data: Uint8Array, start: number, step: number, count: number): boolean {
  let sum = 0;
  let bright = 0;
  for (let i = 0, at = start; i < count; i++, at += step) {
    const v = data[at]!;
    sum += v;
    if (v > BAR_PIXEL_MAX) bright++;
  }
  return sum / count <= BAR_MEAN_MAX && bright <= count * BAR_BRIGHT_SHARE;
}

/**
 * Black bars around one grey frame (one byte of luma a pixel), or null when the whole frame is black
 * (a fade or a black screen says nothing about the framing).
 */
export function measureFrameBars(
  data: Uint8Array,
  width: number,
  height: number,
): FrameBars | null {
  const row = (y: number): boolean => isBarLine(data, y * width, 1, width);
  const column = (x: number): boolean => isBarLine(data, x, width, height);
  let top = 0;
  while (top < height && row(top)) top++;
  if (top === height) return null;
  let bottom = 0;
  while (row(height - 1 - bottom)) bottom++;
  let left = 0;
  while (left < width && column(left)) left++;
  if (left === width) return null;
  let right = 0;
  while (column(width - 1 - right)) right++;
  return { top, bottom, left, right };
}

/** The bar size that at least STABLE_SHARE of the frames reach (bars that come and go are ignored). */
function stableBar(sizes: number[]): number {
  const sorted = [...sizes].sort((a, b) => b - a);
  const needed = Math.max(1, Math.ceil(sorted.length * STABLE_SHARE));
  return sorted[needed - 1] ?? 0;
}

/**
 * Letterbox and pillarbox bars come in pairs: a black edge on one side only is a dark scene's edge
 * (or a line of encoder padding), not framing, and is left in.
 */
function pairedBars(first: number, second: number): [number, number] {
  return first > 0 && second > 0 ? [first, second] : [0, 0];
}

/**
 * The picture area the bars of many frames leave, in the frames' pixels scaled by `scale` back to
 * the film's displayed pixels; the whole frame when no bar is stable.
 */
export function pictureAreaFromBars(
  bars: FrameBars[],
  measured: { width: number; height: number },
  display: { width: number; height: number },
): PictureArea {
  const whole = { x: 0, y: 0, width: display.width, height: display.height };
  if (bars.length === 0) return whole;
  const [top, bottom] = pairedBars(
    stableBar(bars.map((b) => b.top)),
    stableBar(bars.map((b) => b.bottom)),
  );
  const [left, right] = pairedBars(
    stableBar(bars.map((b) => b.left)),
    stableBar(bars.map((b) => b.right)),
  );
  const sx = display.width / measured.width;
  const sy = display.height / measured.height;
  // Inward to even numbers: a pixel of bar left in is harmless, a pixel of picture cut is not.
  const x = Math.ceil((left * sx) / 2) * 2;
  const y = Math.ceil((top * sy) / 2) * 2;
  const x2 = Math.floor((display.width - right * sx) / 2) * 2;
  const y2 = Math.floor((display.height - bottom * sy) / 2) * 2;
  const width = x2 - x;
  const height = y2 - y;
  if (width < display.width * MIN_PICTURE_SHARE || height < display.height * MIN_PICTURE_SHARE)
    return whole;
  return { x, y, width, height };
}

/** Decodes a few grey keyframes from `atSec` at the measuring size and measures each frame's bars. */
async function barsInWindow(
  input: string,
  atSec: number,
  size: { width: number; height: number },
  signal: AbortSignal | undefined,
): Promise<FrameBars[]> {
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error'];
  // Keyframes only, from the one at or before the window's start: no frame between is decoded.
  args.push('-skip_frame', 'nokey', '-noaccurate_seek', '-ss', atSec.toFixed(3));
  args.push(...mediaInputArgs(input), '-map', '0:v:0', '-vsync', 'passthrough');
  args.push('-vf', `scale=${size.width}:${size.height}:flags=area,format=gray`);
  args.push('-frames:v', String(FRAMES_PER_WINDOW), '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1');
  const child = spawnBound(ffmpegPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const frameBytes = size.width * size.height;
  const bars: FrameBars[] = [];
  let frame = Buffer.allocUnsafe(frameBytes);
  let filled = 0;
  let stderr = '';
  const onAbort = (): void => void child.kill('SIGKILL');
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    (child.stderr as Readable).on('data', (c: Buffer) => (stderr = (stderr + c).slice(-2000)));
    (child.stdout as Readable).on('data', (chunk: Buffer) => {
      let offset = 0;
      while (offset < chunk.length) {
        const take = Math.min(frameBytes - filled, chunk.length - offset);
        chunk.copy(frame, filled, offset, offset + take);
        filled += take;
        offset += take;
        if (filled === frameBytes) {
          const measured = measureFrameBars(frame, size.width, size.height);
          if (measured) bars.push(measured);
          frame = Buffer.allocUnsafe(frameBytes);
          filled = 0;
        }
      }
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (signal?.aborted) throw abortError();
    if (code !== 0)
      throw new MediaError('FFMPEG_FAILED', 'The video could not be decoded.', stderr.trim());
    return bars;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Finds the picture inside a film's black bars (letterbox, pillarbox, both, or none): a few frames
 * from short windows spread over the film, the bars each frame shows, and the bars most of them agree
 * on. Returns the whole frame when there are no stable bars.
 *
 * Throws MediaError ABORTED; a window ffmpeg cannot decode is left out.
 */
export async function findPictureArea(options: FindPictureAreaOptions): Promise<PictureArea> {
  const { input, info, signal } = options;
  const display = displaySize(info);
  if (display.width <= 0 || display.height <= 0) return wholeFrame(info);
  const factor = Math.min(1, MEASURE_MAX_WIDTH / display.width);
  const measured = {
    width: Math.max(2, Math.round((display.width * factor) / 2) * 2),
    height: Math.max(2, Math.round((display.height * factor) / 2) * 2),
  };
  // Leave a second at the end: a seek past the last keyframe there may decode nothing.
  const span = Math.max(0, info.durationSec - 1);
  // A short clip has few keyframes: windows closer than about 2 s would decode the same ones.
  const windows = Math.min(options.windows ?? 6, Math.max(1, Math.ceil(span / 2)));
  const bars: FrameBars[] = [];
  for (let i = 0; i < windows; i++) {
    if (signal?.aborted) throw abortError();
    const atSec = (span * (i + 0.5)) / windows;
    try {
      bars.push(...(await barsInWindow(input, atSec, measured, signal)));
    } catch (error) {
      // A window that will not decode (a seek past a broken stretch) only loses its samples: the
      // area is a help to the analysis, which decodes the film itself and reports what is wrong.
      if (!(error instanceof MediaError) || error.code !== 'FFMPEG_FAILED') throw error;
    }
  }
  return pictureAreaFromBars(bars, measured, display);
}
