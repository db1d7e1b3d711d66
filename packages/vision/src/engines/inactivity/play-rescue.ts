import type { MediaInfo } from '../../media/probe.js';
import { displaySize, type PictureArea } from '../../media/picture-area.js';
import { readFrames } from '../../media/frame-reader.js';
import type { Segment } from '../../media/segments.js';
import { createPersonFinder } from '../../perception/detector/detector-pool.js';
import { findPeople } from '../../perception/detector/find-people.js';
import type { Box, PersonFinder } from '../../perception/detector/types.js';
import { gameShots, type DecodedFilm } from './live-play-model.js';
import { matchPace, runningStretches, type CameraStep, type RunnerCount } from './people-pace.js';
import {
  MIN_RUNNERS,
  MIN_RUNNING_SEC,
  RESCUE_BETWEEN_PLAYS_SHARE,
  RESCUE_CONTEXT_SEC,
  RESCUE_FPS,
  RESCUE_MAX_SHARE,
  RESCUE_MIN_SEC,
  RESCUE_PAD_AFTER_SEC,
  RESCUE_PAD_BEFORE_SEC,
  RESCUE_SIZE,
  RUNNING_REACH,
  RUNNING_SPEED,
  SET_BEFORE_RUN_SEC,
} from './tuning.js';

/**
 * A stretch of a game shot in which nothing was kept (s): a whole shot, or the film left out between
 * (or around) the plays found in it.
 */
export interface QuietStretch {
  start: number;
  end: number;
  /** Where the reading starts: up to RESCUE_CONTEXT_SEC of kept film before it, never before its shot. */
  readFrom: number;
  /** The shot holding it; a play found here is padded inside it. */
  shotStart: number;
  shotEnd: number;
  /** The stretch is its whole shot: nothing at all was kept there. */
  wholeShot: boolean;
}

/** A play found by its runners: padded stretch, and where the running began and ended (s). */
export interface RunningPlay {
  start: number;
  end: number;
  runningFrom: number;
  runningTo: number;
}

export interface RescueOptions {
  input: string;
  info: MediaInfo;
  /** The picture inside black bars, as the analysis read it (its frame heights are the pan's unit). */
  area?: PictureArea;
  /** The stretches of game shots in which nothing was kept (`quietStretches`). */
  stretches: readonly QuietStretch[];
  /** The analysis' camera motion per sampled frame (frame heights; relative zoom) and its rate. */
  camera: { fps: number; panX: Float32Array; panY: Float32Array; zoom: Float32Array };
  durationSec: number;
  signal?: AbortSignal;
  /** A person finder to use (default: a pool started and closed here). */
  finder?: PersonFinder;
}

/** The stretches of the film's game shots (s) in which nothing was kept: where the second look reads. */
export function quietStretches(
  film: DecodedFilm,
  fps: number,
  durationSec: number,
  kept: readonly Segment[],
): QuietStretch[] {
  const out: QuietStretch[] = [];
  for (const shot of gameShots(film, fps)) {
    if (!shot.game) continue;
    const shotStart = shot.start / fps;
    const shotEnd = Math.min(durationSec, shot.end / fps);
    const inside = kept
      .filter((s) => s.start < shotEnd && s.end > shotStart)
      .sort((a, b) => a.start - b.start);
    let from = shotStart;
    for (const s of [...inside, { start: shotEnd, end: shotEnd }]) {
      if (s.start - from >= MIN_RUNNING_SEC)
        out.push({
          start: from,
          end: s.start,
          readFrom: Math.max(shotStart, from - RESCUE_CONTEXT_SEC),
          shotStart,
          shotEnd,
          wholeShot: inside.length === 0,
        });
      from = Math.max(from, s.end);
    }
  }
  return out;
}

/**
 * The stretches looked at, within the film's budget of reading: whole shots first (a shot with no
 * play found is where plays were lost), then the stretches between plays within their own smaller
 * share, shortest first in each.
 */
export function stretchesToLookAt(
  stretches: readonly QuietStretch[],
  durationSec: number,
): QuietStretch[] {
  let budget = Math.max(RESCUE_MIN_SEC, RESCUE_MAX_SHARE * durationSec);
  let betweenPlays = Math.max(RESCUE_MIN_SEC, RESCUE_BETWEEN_PLAYS_SHARE * durationSec);
  const chosen: QuietStretch[] = [];
  const order = [...stretches].sort(
    (a, b) =>
      Number(b.wholeShot) - Number(a.wholeShot) || a.end - a.readFrom - (b.end - b.readFrom),
  );
  for (const stretch of order) {
    const length = stretch.end - stretch.readFrom;
    if (length > budget || (!stretch.wholeShot && length > betweenPlays)) continue;
    budget -= length;
    if (!stretch.wholeShot) betweenPlays -= length;
    chosen.push(stretch);
  }
  return chosen.sort((a, b) => a.start - b.start);
}

/**
 * A second look at the stretches of game shots where the live-play probability found no play. The
 * motion measures read the whole picture, so a far play while the near sideline stands still, or a
 * wide kickoff, can read as dead time. A person detector counts the people running (faster than
 * RUNNING_SPEED of their own heights per second once the camera is undone); at least MIN_RUNNERS
 * running for MIN_RUNNING_SEC is a play. Set players, a walk back or a crowd do not run. Between
 * plays found, a run must also start from players set (`startsFromSet`) and last MIN_RUNNING_SEC
 * outside the kept film.
 */
export async function findRunningPlays(options: RescueOptions): Promise<RunningPlay[]> {
  const stretches = stretchesToLookAt(options.stretches, options.durationSec);
  if (stretches.length === 0) return [];
  const finder = options.finder ?? (await createPersonFinder());
  try {
    const plays: RunningPlay[] = [];
    for (const stretch of stretches) {
      const counts = await countRunners(options, finder, stretch);
      for (const run of runningStretches(counts, MIN_RUNNERS, MIN_RUNNING_SEC, 1 / RESCUE_FPS)) {
        if (!stretch.wholeShot) {
          if (run.end - Math.max(run.start, stretch.start) < MIN_RUNNING_SEC) continue;
          if (!startsFromSet(counts, run.start, stretch.readFrom)) continue;
        }
        plays.push({
          start: Math.max(stretch.shotStart, run.start - RESCUE_PAD_BEFORE_SEC),
          end: Math.min(stretch.shotEnd, run.end + RESCUE_PAD_AFTER_SEC),
          runningFrom: run.start,
          runningTo: run.end,
        });
      }
    }
    return plays;
  } finally {
    if (!options.finder) await finder.close();
  }
}

/**
 * Whether a run starting at `runStart` (s) follows SET_BEFORE_RUN_SEC of players set (fewer than
 * MIN_RUNNERS running), all of it read (from `readFrom`, s).
 */
export function startsFromSet(
  counts: readonly RunnerCount[],
  runStart: number,
  readFrom: number,
): boolean {
  const setFrom = runStart - SET_BEFORE_RUN_SEC;
  if (setFrom < readFrom - 1e-6) return false;
  return counts
    .filter((c) => c.timeSec > setFrom + 1e-6 && c.timeSec <= runStart + 1e-6)
    .every((c) => c.runners < MIN_RUNNERS);
}

async function countRunners(
  options: RescueOptions,
  finder: PersonFinder,
  stretch: QuietStretch,
): Promise<RunnerCount[]> {
  const { input, info, area, camera, signal } = options;
  const shown = area ?? displaySize(info);
  const scale = RESCUE_SIZE / Math.max(shown.width, shown.height);
  const counts: RunnerCount[] = [];
  let last: { t: number; boxes: Box[] } | null = null;
  for await (const frame of readFrames({
    input,
    info,
    fps: RESCUE_FPS,
    width: shown.width * scale,
    height: shown.height * scale,
    ...(area ? { crop: area } : {}),
    startSec: stretch.readFrom,
    durationSec: stretch.end - stretch.readFrom,
    audioSampleRate: 0,
    ...(signal ? { signal } : {}),
  })) {
    const found = await findPeople(finder, frame, { minScore: 0.25, layout: 'tiles' });
    const boxes = found.map((d) => d.box);
    if (last) {
      const steps: CameraStep[] = [];
      const first = Math.round(last.t * camera.fps) + 1;
      const to = Math.min(Math.round(frame.timeSec * camera.fps), camera.panX.length - 1);
      for (let i = first; i <= to; i++)
        steps.push({ panX: camera.panX[i]!, panY: camera.panY[i]!, zoom: camera.zoom[i]! });
      const speeds = matchPace(
        last.boxes,
        boxes,
        frame.timeSec - last.t,
        frame,
        steps,
        RUNNING_REACH,
      );
      counts.push({
        timeSec: frame.timeSec,
        runners: speeds.filter((s) => s > RUNNING_SPEED).length,
      });
    }
    last = { t: frame.timeSec, boxes };
  }
  return counts;
}
