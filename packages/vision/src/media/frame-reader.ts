import type { Readable } from 'node:stream';
import { ffmpegPath } from './ffmpeg-paths.js';
import { abortError, MediaError } from './media-error.js';
import { mediaInputArgs } from './media-input.js';
import { displaySize, type PictureArea } from './picture-area.js';
import { probeVideo, type MediaInfo } from './probe.js';
import { spawnBound } from './spawn-bound.js';

/** Pixel layout of `VideoFrame.data`: 3 bytes per pixel (R, G, B) or 1 byte of luma. */
export type FramePixelFormat = 'rgb24' | 'gray';

export interface FrameReaderOptions {
  /** Path (or URL ffmpeg understands) of the video. */
  input: string;
  /** Frames per second to sample (ffmpeg `fps` filter); default 5. */
  fps?: number;
  /** Output width in pixels; default 320. */
  width?: number;
  /** Output height in pixels; default keeps the display aspect ratio (rounded to even). */
  height?: number;
  /**
   * Only this part of the displayed frame is read (ffmpeg `crop` before `scale`), e.g. the picture
   * inside black bars (picture-area.ts); the default height then keeps the area's aspect ratio.
   */
  crop?: PictureArea;
  /** Default 'rgb24'. */
  pixelFormat?: FramePixelFormat;
  /**
   * Also yields each frame at this larger width (`VideoFrame.detail`, same aspect), from the same
   * decode: for reading small details (shirt numbers) at more of the source's resolution than the
   * analysis needs. Ignored unless larger than `width`.
   */
  detailWidth?: number;
  /** Mono audio sample rate for `VideoFrame.audio`; default 16000. 0 turns audio off. */
  audioSampleRate?: number;
  /**
   * Lets the decoder skip deblocking on frames no other frame refers to (default true): cheaper
   * decode without drift (skipping it on reference frames would let errors build up until the next
   * keyframe). Set false for pixel-exact frames.
   */
  fastDecode?: boolean;
  /**
   * Only this stretch of the film is read (seconds; an accurate seek, then at most `durationSec`).
   * Frame times stay the film's own.
   */
  startSec?: number;
  durationSec?: number;
  /** Probe result if the caller already has one (saves one ffprobe run). */
  info?: MediaInfo;
  /** Stops ffmpeg at once; the iterator then throws MediaError ABORTED. */
  signal?: AbortSignal;
}

/** One sampled frame with the audio that plays during it. */
export interface VideoFrame {
  /** 0-based index of the sampled frame. */
  index: number;
  /** Presentation time in seconds in the film: startSec + index / fps. */
  timeSec: number;
  width: number;
  height: number;
  pixelFormat: FramePixelFormat;
  /** width * height * (3 | 1) bytes, row-major. Owned by the consumer. */
  data: Buffer;
  /** The same frame at `detailWidth`, when asked for. Owned by the consumer. */
  detail?: { width: number; height: number; data: Buffer };
  /**
   * Mono float samples in [-1, 1] covering [timeSec, timeSec + 1/fps), from the same ffmpeg process.
   * Empty when the file has no audio or audio is off.
   */
  audio: Float32Array;
}

const MAX_QUEUED_FRAMES = 6;
const MAX_QUEUED_BYTES = 24 << 20;
/** Frames held back while waiting for their audio before giving up on a badly interleaved file. */
const MAX_FRAMES_AWAITING_AUDIO = 150;

function evenSize(n: number): number {
  return Math.max(2, Math.round(n / 2) * 2);
}

/**
 * How ffmpeg's output bytes make a frame: `rowBytes` of each of the first `rows` rows of
 * `stackedRowBytes` are the frame (the rest is padding), and what follows them is the detail picture.
 */
interface StackLayout {
  rowBytes: number;
  rows: number;
  stackedRowBytes: number;
  detailBytes: number;
}

interface FramePieces {
  data: Buffer;
  detail: Buffer | null;
}

function newPieces(layout: StackLayout): FramePieces {
  return {
    data: Buffer.allocUnsafeSlow(layout.rowBytes * layout.rows),
    detail: layout.detailBytes > 0 ? Buffer.allocUnsafeSlow(layout.detailBytes) : null,
  };
}

/** Copies `chunk`, which starts at byte `at` of the stacked picture, into the frame's pieces. */
function placeBytes(pieces: FramePieces, layout: StackLayout, chunk: Buffer, at: number): void {
  const { rowBytes, rows, stackedRowBytes } = layout;
  const topBytes = rows * stackedRowBytes;
  let from = 0;
  while (from < chunk.length) {
    const position = at + from;
    if (position >= topBytes) {
      chunk.copy(pieces.detail!, position - topBytes, from);
      return;
    }
    const row = Math.floor(position / stackedRowBytes);
    const column = position - row * stackedRowBytes;
    const rowLeft = stackedRowBytes - column;
    if (column < rowBytes) {
      const n = Math.min(rowBytes - column, chunk.length - from);
      chunk.copy(pieces.data, row * rowBytes + column, from, from + n);
    }
    from += Math.min(rowLeft, chunk.length - from);
  }
}

/**
 * Decodes a video once with ffmpeg and yields low-resolution raw frames at a fixed rate, each with the
 * matching mono audio samples from the same decode. Memory is bounded: ffmpeg is paused through pipe
 * back-pressure while the consumer is busy. Breaking out of the loop or aborting kills ffmpeg.
 *
 * Throws MediaError: NOT_FOUND, NOT_MEDIA, NO_VIDEO, EMPTY (from probing, or no frame decoded),
 * BAD_TIMING, FFMPEG_FAILED, ABORTED.
 */
export async function* readFrames(
  options: FrameReaderOptions,
): AsyncGenerator<VideoFrame, void, void> {
  const { input, signal } = options;
  if (signal?.aborted) throw abortError();
  const info = options.info ?? (await probeVideo(input, { signal }));
  const video = info.video;
  if (!video) throw new MediaError('NO_VIDEO', 'The file has no video track.');
  const fps = options.fps ?? 5;
  if (!(fps > 0)) throw new MediaError('BAD_ARGUMENT', 'fps must be positive.');
  const width = evenSize(options.width ?? 320);
  const crop = options.crop;
  const shown = crop ?? displaySize(info);
  const aspect = shown.width / shown.height;
  const height = evenSize(options.height ?? width / (aspect > 0 ? aspect : 16 / 9));
  const pixelFormat = options.pixelFormat ?? 'rgb24';
  const bytesPerPixel = pixelFormat === 'rgb24' ? 3 : 1;
  const detailWidth =
    options.detailWidth !== undefined && evenSize(options.detailWidth) > width
      ? evenSize(options.detailWidth)
      : null;
  const detailHeight = detailWidth === null ? 0 : evenSize((detailWidth * height) / width);
  // with a detail size, ffmpeg stacks the two sizes in one picture (the analysis size padded to the
  // detail width, above the detail): one pipe keeps one back-pressure and the frames in step
  const layout: StackLayout = {
    rowBytes: width * bytesPerPixel,
    rows: height,
    stackedRowBytes: (detailWidth ?? width) * bytesPerPixel,
    detailBytes: (detailWidth ?? 0) * detailHeight * bytesPerPixel,
  };
  const frameBytes = layout.stackedRowBytes * height + layout.detailBytes;
  // the queue is bounded in bytes too: a stacked 1080p picture holds nearly four 720p frames
  const maxQueued = Math.max(
    1,
    Math.min(MAX_QUEUED_FRAMES, Math.floor(MAX_QUEUED_BYTES / frameBytes)),
  );
  const sampleRate = options.audioSampleRate ?? 16000;
  const wantAudio = sampleRate > 0 && info.audio !== null;

  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error'];
  if (options.fastDecode !== false) args.push('-skip_loop_filter', 'noref');
  const startSec = Math.max(0, options.startSec ?? 0);
  // Never more frames than the film's real length holds (probeVideo measured it): timestamps that
  // lie in a way the probe did not catch would otherwise have ffmpeg repeat a few frames for hours.
  const span = options.durationSec ?? Math.max(0, info.durationSec - startSec);
  const maxFrames = Math.ceil(span * fps) + Math.ceil(fps) + 1;
  const wholeFilm = startSec === 0 && options.durationSec === undefined;
  if (startSec > 0) args.push('-ss', startSec.toFixed(3));
  if (options.durationSec !== undefined)
    args.push('-t', Math.max(0, options.durationSec).toFixed(3));
  args.push(...mediaInputArgs(input), '-map', '0:v:0', '-vf');
  const cropped = crop ? `crop=${crop.width}:${crop.height}:${crop.x}:${crop.y},` : '';
  args.push(
    cropped +
      (detailWidth === null
        ? `fps=${fps},scale=${width}:${height}:flags=area,format=${pixelFormat}`
        : `fps=${fps},split[a][b];` +
          `[a]scale=${width}:${height}:flags=area,format=${pixelFormat},pad=${detailWidth}:${height}[small];` +
          `[b]scale=${detailWidth}:${detailHeight}:flags=area,format=${pixelFormat}[large];` +
          `[small][large]vstack,format=${pixelFormat}`),
  );
  args.push('-f', 'rawvideo', '-pix_fmt', pixelFormat, 'pipe:1');
  if (wantAudio) {
    args.push('-map', '0:a:0', '-ac', '1', '-ar', String(sampleRate), '-f', 'f32le', 'pipe:3');
  }

  const child = spawnBound(ffmpegPath(), args, {
    stdio: ['ignore', 'pipe', 'pipe', wantAudio ? 'pipe' : 'ignore'],
  });
  const stdout = child.stdout as Readable;
  const stderr = child.stderr as Readable;
  const audioPipe = wantAudio ? (child.stdio[3] as Readable) : null;

  const frames: FramePieces[] = [];
  let partial = newPieces(layout);
  let partialBytes = 0;
  let videoEnded = false;
  let audioEnded = !wantAudio;
  let closed = false;
  let exitCode: number | null = null;
  let spawnError: Error | null = null;
  let stderrTail = '';
  // Audio samples not yet handed out; `audioBase` is the absolute index of pending[0].
  let pending = new Float32Array(0);
  let audioBase = 0;
  let audioReceived = 0;
  let audioRemainder: Buffer = Buffer.alloc(0);
  let wake: (() => void) | null = null;
  const notify = (): void => {
    const w = wake;
    wake = null;
    w?.();
  };

  let index = 0;
  const sampleAt = (i: number): number => Math.round((i * sampleRate) / fps);
  function awaitingAudio(): boolean {
    return !audioEnded && audioReceived < sampleAt(index + 1);
  }

  const onAbort = (): void => {
    child.kill('SIGKILL');
    notify();
  };
  signal?.addEventListener('abort', onAbort, { once: true });

  stdout.on('data', (chunk: Buffer) => {
    let offset = 0;
    while (offset < chunk.length) {
      const take = Math.min(frameBytes - partialBytes, chunk.length - offset);
      placeBytes(partial, layout, chunk.subarray(offset, offset + take), partialBytes);
      partialBytes += take;
      offset += take;
      if (partialBytes === frameBytes) {
        frames.push(partial);
        partial = newPieces(layout);
        partialBytes = 0;
      }
    }
    if (frames.length >= maxQueued && !awaitingAudio()) stdout.pause();
    notify();
  });
  stdout.on('end', () => {
    videoEnded = true;
    notify();
  });
  audioPipe?.on('data', (chunk: Buffer) => {
    const bytes = audioRemainder.length ? Buffer.concat([audioRemainder, chunk]) : chunk;
    const usable = bytes.length - (bytes.length % 4);
    audioRemainder = Buffer.from(bytes.subarray(usable));
    const samples = new Float32Array(usable / 4);
    for (let i = 0; i < samples.length; i++) samples[i] = bytes.readFloatLE(i * 4);
    const merged = new Float32Array(pending.length + samples.length);
    merged.set(pending);
    merged.set(samples, pending.length);
    pending = merged;
    audioReceived += samples.length;
    notify();
  });
  audioPipe?.on('end', () => {
    audioEnded = true;
    notify();
  });
  audioPipe?.on('error', () => {
    audioEnded = true;
    notify();
  });
  stderr.setEncoding('utf8');
  stderr.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-4000);
  });
  child.on('error', (error) => {
    spawnError = error;
    videoEnded = true;
    audioEnded = true;
    notify();
  });
  child.on('close', (code) => {
    closed = true;
    exitCode = code;
    videoEnded = true;
    audioEnded = true;
    notify();
  });

  try {
    for (;;) {
      if (signal?.aborted) throw abortError();
      if (spawnError) {
        throw new MediaError(
          'FFMPEG_FAILED',
          'Could not start ffmpeg.',
          (spawnError as Error).message,
        );
      }
      if (index >= maxFrames) break;
      if (frames.length > 0 && (!awaitingAudio() || frames.length > MAX_FRAMES_AWAITING_AUDIO)) {
        const pieces = frames.shift()!;
        const start = sampleAt(index);
        const end = sampleAt(index + 1);
        const audio = new Float32Array(wantAudio ? end - start : 0);
        if (wantAudio) {
          const from = Math.max(0, start - audioBase);
          const to = Math.min(pending.length, end - audioBase);
          if (to > from) audio.set(pending.subarray(from, to), Math.max(0, audioBase - start));
          const drop = Math.min(pending.length, Math.max(0, end - audioBase));
          pending = pending.slice(drop);
          audioBase += drop;
        }
        const frame: VideoFrame = {
          index,
          timeSec: startSec + index / fps,
          width,
          height,
          pixelFormat,
          data: pieces.data,
          ...(pieces.detail
            ? { detail: { width: detailWidth!, height: detailHeight, data: pieces.detail } }
            : {}),
          audio,
        };
        index++;
        if (frames.length < maxQueued && stdout.isPaused()) stdout.resume();
        yield frame;
        continue;
      }
      if (frames.length > 0 && stdout.isPaused()) stdout.resume();
      if (videoEnded && frames.length === 0 && closed) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
    if (signal?.aborted) throw abortError();
    if (index >= maxFrames) return;
    // a whole film without one decodable picture fails alike every time: it is no video to analyse
    if (index === 0 && wholeFilm) {
      throw new MediaError('EMPTY', 'No picture of the video could be decoded.', stderrTail.trim());
    }
    if (exitCode !== 0) {
      throw new MediaError('FFMPEG_FAILED', 'The video could not be decoded.', stderrTail.trim());
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (!closed) child.kill('SIGKILL');
  }
}
