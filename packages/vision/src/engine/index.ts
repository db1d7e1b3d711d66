import { fileURLToPath } from 'node:url';

export type {
  EngineMessage,
  EngineName,
  EngineRequest,
  EngineResult,
  EngineResults,
  TrackingSummary,
} from './engine-types.js';
export type { InactivityFilterResult } from '../engines/inactivity/run-inactivity-filter.js';
export type { RenderClipsResult } from '../engines/tracking/clips/render-clips.js';
export type { PlayerPhoto } from '../engines/tracking/player-photos.js';
export type { TeamLetter } from '../perception/teams/cluster-teams.js';
export type { FilmSport, SportChoice } from '../perception/sport/sports.js';
export type {
  TrackingPlayer,
  TrackingTeam,
  TimeRange,
  UnnumberedPlayer,
} from '../engines/tracking/tracking-types.js';
export {
  decideCuts,
  keptAtLevel,
  stretchesOf,
  type CutAnalysis,
} from '../engines/inactivity/cut-review.js';
export { renumberPlayer, RenumberError } from '../engines/tracking/renumber-player.js';
export { runEngineRequest } from './run-engine-request.js';

/** The script to fork for an engine process (talks EngineRequest/EngineMessage over IPC). */
export const ENGINE_PROCESS_SCRIPT = fileURLToPath(new URL('./engine-process.js', import.meta.url));

/**
 * glibc malloc settings for a process running the engines (read at process start; a variable already
 * set in the environment wins):
 * - `MALLOC_ARENA_MAX` 1. glibc keeps an arena per busy thread, and Player Tracking runs five (the
 *   analysis, one detector, two number readers, ffmpeg's reader): one arena holds its peak RSS on a
 *   96-s 720p film at 662 MB instead of 684 with two, other things equal.
 * - `MALLOC_MMAP_THRESHOLD_` 128 KiB, fixed. Left to itself glibc raises the threshold to the size of
 *   the largest block freed (up to 32 MB); frames of several MB then come from the heap and fragment
 *   it. A dense 1080p film peaked at 689–715 MB at 300 s and 778 MB at 600 s; with the fixed
 *   threshold, 658 and 725 MB, at the same speed (0018; the lab's journal/tracking-numbers.md,
 *   "Twelfth round").
 */
export const ENGINE_MALLOC_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '1',
  MALLOC_MMAP_THRESHOLD_: '131072',
};

/**
 * Node options for a process running the engines: a 4 MB young generation on the main thread
 * (its workers set their own, see `WorkerClient`). Frames pass through it by the hundred, and their
 * buffers are freed only when the small objects holding them are collected: Player Tracking's peak
 * RSS on a 96-s 720p film went from 685 to 626 MB. `--expose-gc` lets the analysis and its worker
 * threads collect every few frames (threads/collect-dead-buffers.ts).
 */
export const ENGINE_EXEC_ARGV: readonly string[] = ['--max-semi-space-size=4', '--expose-gc'];
