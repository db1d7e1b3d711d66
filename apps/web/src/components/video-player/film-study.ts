import type { VideoChapter } from '@filmroom/contract';

/** The speeds a scout picks from (spec-free; 1x is normal play). */
export const PLAYBACK_RATES = [0.25, 0.5, 1, 2] as const;

/** Frames per second assumed until the film's own rate is measured while it plays. */
export const DEFAULT_FRAME_RATE = 30;

/** The fastest J/L shuttle, in times normal speed either way. */
export const MAX_SHUTTLE_SPEED = 4;

/** 'Previous' within this many seconds of a chapter's start goes to the chapter before it. */
export const CHAPTER_RESTART_WINDOW_SEC = 1;

/** Seconds the arrow keys seek. */
export const ARROW_SEEK_SEC = 5;

// A frame index is read with this slack, so a time a hair before a frame's start (floating point)
// counts as that frame.
const FRAME_SLACK = 1e-3;

/** The index of the frame shown at `time` for a film of `fps` frames per second. */
export function frameAt(time: number, fps: number): number {
  return Math.max(0, Math.floor(time * fps + FRAME_SLACK));
}

/** The start time of the frame one step from the one shown at `time`, kept inside the film. */
export function frameStepTime(
  time: number,
  fps: number,
  direction: 1 | -1,
  duration: number,
): number {
  const target = (frameAt(time, fps) + direction) / fps;
  const last = Number.isFinite(duration) && duration > 0 ? duration : Infinity;
  return Math.min(Math.max(0, target), last);
}

/** The next playback rate up or down the list, or the same at either end. */
export function stepRate(rate: number, direction: 1 | -1): number {
  const index = PLAYBACK_RATES.findIndex((candidate) => candidate >= rate - 1e-6);
  const at = index === -1 ? PLAYBACK_RATES.length - 1 : index;
  const next = Math.min(PLAYBACK_RATES.length - 1, Math.max(0, at + direction));
  return PLAYBACK_RATES[next]!;
}

/**
 * J/K/L shuttle as editors know it: L plays forward and doubles the speed on each press, J does the
 * same backwards, K stops. Answers the new speed (negative is backwards, 0 is paused).
 */
export function shuttle(speed: number, key: 'j' | 'k' | 'l'): number {
  if (key === 'k') return 0;
  if (key === 'l') return speed <= 0 ? 1 : Math.min(speed * 2, MAX_SHUTTLE_SPEED);
  return speed >= 0 ? -1 : Math.max(speed * 2, -MAX_SHUTTLE_SPEED);
}

/** The chapter playing at `time` (index), or -1 before the first. */
export function chapterIndexAt(chapters: readonly VideoChapter[], time: number): number {
  let found = -1;
  for (const [index, chapter] of chapters.entries()) {
    if (chapter.start <= time + FRAME_SLACK) found = index;
    else break;
  }
  return found;
}

/** Where 'next' goes: the start of the first chapter after the one playing, if any. */
export function nextChapterStart(
  chapters: readonly VideoChapter[],
  time: number,
): number | undefined {
  return chapters[chapterIndexAt(chapters, time) + 1]?.start;
}

/**
 * Where 'previous' goes: back to the start of the chapter playing, or, within the first second of
 * it, to the start of the one before (as a CD player's back button does).
 */
export function previousChapterStart(
  chapters: readonly VideoChapter[],
  time: number,
): number | undefined {
  const index = chapterIndexAt(chapters, time);
  if (index === -1) return undefined;
  const current = chapters[index]!;
  if (time - current.start > CHAPTER_RESTART_WINDOW_SEC || index === 0) return current.start;
  return chapters[index - 1]!.start;
}

/** A range to loop, from its in point to its out point (either may be unset). */
export interface LoopRange {
  in?: number;
  out?: number;
}

/** Whether the range is complete and plays forward: only then does it loop. */
export function isLooping(range: LoopRange): range is Required<LoopRange> {
  return range.in !== undefined && range.out !== undefined && range.out > range.in;
}

/** Where playback jumps to keep inside a looping range, or undefined while it may play on. */
export function loopJump(range: LoopRange, time: number): number | undefined {
  if (!isLooping(range)) return undefined;
  return time >= range.out || time < range.in - FRAME_SLACK ? range.in : undefined;
}

/**
 * The frame duration of a film, from the media times of frames shown one after another (the
 * smallest step between them: a dropped frame only makes a step longer). Undefined until measured.
 */
export function measuredFrameRate(frameSteps: readonly number[]): number | undefined {
  const steps = frameSteps.filter((step) => step > 1 / 241 && step < 1);
  if (steps.length < 3) return undefined;
  return 1 / Math.min(...steps);
}

/** "1:05.4" under an hour, "1:02:05.4" from one hour: times a scout reads to a tenth. */
export function formatFilmTime(seconds: number): string {
  const tenths = Math.max(0, Math.round((Number.isFinite(seconds) ? seconds : 0) * 10));
  const hours = Math.floor(tenths / 36000);
  const minutes = Math.floor((tenths % 36000) / 600);
  const rest = (tenths % 600) / 10;
  const secs = rest.toFixed(1).padStart(4, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}
