import { ffprobePath } from './ffmpeg-paths.js';
import { mediaInputArgs } from './media-input.js';
import { MediaError } from './media-error.js';
import { runProcess } from './run-process.js';

/**
 * A film's header may declare any length (a crafted `mvhd` says 136 years; a cut-off upload still
 * says its full length). Where the header is implausible, or the film's last declared second holds
 * no packet, its length is read from its packets instead, and a film whose packets themselves lie
 * (frames hours apart) is refused: decoding it at a fixed rate would make millions of copies of a
 * few frames.
 */

/** Longer films are refused (a whole day of game film at 720p is past any upload limit anyway). */
export const LONGEST_FILM_SEC = 12 * 3600;
/** Game film runs at 10–60 frames a second; frames farther apart on average mean broken timing. */
const LONGEST_MEAN_FRAME_GAP_SEC = 1;
/** Declared and counted lengths may differ this much (edit lists, B-frame delay, audio tails). */
const LENGTH_SLACK_SEC = 2;
const LENGTH_SLACK_SHARE = 0.1;
/** How far before the declared end a packet must still be found. */
const TAIL_CHECK_SEC = 3;

/** What the header declares of a video stream, as ffprobe reports it. */
export interface DeclaredTiming {
  durationSec: number;
  fps: number;
  frameCount: number | null;
}

/** What the packets hold: the real length and frame count. */
export interface PacketTiming {
  durationSec: number;
  frameCount: number;
  fps: number;
}

/** Whether the header alone is not to be trusted: too long, too slow, or length and frames disagree. */
export function isImplausibleHeader(declared: DeclaredTiming): boolean {
  const { durationSec, fps, frameCount } = declared;
  if (!(durationSec > 0) || durationSec > LONGEST_FILM_SEC) return true;
  if (fps > 0 && fps < 1 / LONGEST_MEAN_FRAME_GAP_SEC) return true;
  if (frameCount !== null && fps > 0) {
    const counted = frameCount / fps;
    return (
      Math.abs(counted - durationSec) > Math.max(LENGTH_SLACK_SEC, durationSec * LENGTH_SLACK_SHARE)
    );
  }
  return false;
}

/** Whether a video packet lies in the last seconds the header declares (false: the file is cut off). */
export async function hasPacketsToTheEnd(
  input: string,
  durationSec: number,
  signal?: AbortSignal,
): Promise<boolean> {
  if (durationSec <= TAIL_CHECK_SEC) return true;
  const from = (durationSec - TAIL_CHECK_SEC).toFixed(3);
  const result = await runProcess(
    ffprobePath(),
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-read_intervals',
      `${from}%+#1`,
      '-show_entries',
      'packet=pts_time',
      '-of',
      'csv=p=0',
      ...mediaInputArgs(input),
    ],
    { signal },
  );
  return result.code === 0 && /\d/.test(result.stdout);
}

/**
 * The video stream's real length and frame count, from every packet's time (demuxed, not decoded:
 * seconds for hours of film). Throws MediaError EMPTY when no packet is found, BAD_TIMING when the
 * packets' times are implausible too.
 */
export async function measurePackets(input: string, signal?: AbortSignal): Promise<PacketTiming> {
  const result = await runProcess(
    ffprobePath(),
    [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'packet=pts_time,dts_time,duration_time',
      '-of',
      'csv=p=0',
      ...mediaInputArgs(input),
    ],
    { signal },
  );
  let count = 0;
  let first = Infinity;
  let last = -Infinity;
  let lastDuration = 0;
  for (const line of result.stdout.split('\n')) {
    if (!line) continue;
    const [pts, dts, duration] = line.split(',').map(Number);
    const t = Number.isFinite(pts) ? pts! : dts!;
    if (!Number.isFinite(t)) continue;
    count++;
    first = Math.min(first, t);
    if (t >= last) {
      last = t;
      lastDuration = Number.isFinite(duration) ? duration! : 0;
    }
  }
  if (count === 0) {
    throw new MediaError('EMPTY', 'The video holds no picture that can be read.', result.stderr);
  }
  const span = last - first;
  const meanGap = count > 1 ? span / (count - 1) : 0;
  const durationSec = span + (meanGap > 0 ? meanGap : lastDuration > 0 ? lastDuration : 1 / 30);
  if (meanGap > LONGEST_MEAN_FRAME_GAP_SEC || durationSec > LONGEST_FILM_SEC) {
    throw new MediaError(
      'BAD_TIMING',
      `The video's timing is damaged: its ${count} frames claim to span ${Math.round(durationSec)} seconds.`,
    );
  }
  return { durationSec, frameCount: count, fps: count / durationSec };
}
