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
  RESCUE_FPS,
  RESCUE_MAX_SHARE,
  RESCUE_MIN_SEC,
  RESCUE_PAD_AFTER_SEC,
  RESCUE_PAD_BEFORE_SEC,
  RESCUE_SIZE,
  RUNNING_REACH,
  RUNNING_SPEED,
} from './tuning.js';

/** A stretch of film (s). */
export interface ShotSpan {
  start: number;
  end: number;
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
  /** Game shots in which no play was found. */
  shots: readonly ShotSpan[];
  /** The analysis' camera motion per sampled frame (frame heights; relative zoom) and its rate. */
  camera: { fps: number; panX: Float32Array; panY: Float32Array; zoom: Float32Array };
  durationSec: number;
  signal?: AbortSignal;
  /** A person finder to use (default: a pool started and closed here). */
  finder?: PersonFinder;
}

/** The film's game shots (s) in which nothing was kept: where the second look reads. */
export function shotsWithoutPlay(
  film: DecodedFilm,
  fps: number,
  durationSec: number,
  kept: readonly Segment[],
): ShotSpan[] {
  return gameShots(film, fps)
    .filter((shot) => shot.game)
    .map((shot) => ({ start: shot.start / fps, end: Math.min(durationSec, shot.end / fps) }))
    .filter((shot) => !kept.some((s) => s.start < shot.end && s.end > shot.start));
}

/** The shots looked at: long enough to hold a play, shortest first, within the film's budget. */
export function shotsToLookAt(shots: readonly ShotSpan[], durationSec: number): ShotSpan[] {
  let budget = Math.max(RESCUE_MIN_SEC, RESCUE_MAX_SHARE * durationSec);
  const chosen: ShotSpan[] = [];
  for (const shot of [...shots].sort((a, b) => a.end - a.start - (b.end - b.start))) {
    const length = shot.end - shot.start;
    if (length < MIN_RUNNING_SEC || length > budget) continue;
    budget -= length;
    chosen.push(shot);
  }
  return chosen.sort((a, b) => a.start - b.start);
}

/**
 * A second look at game shots in which the live-play probability found no play. The motion
 * measures read the whole picture, so a far play while the near sideline stands still, or a wide
 * kickoff, can read as dead time. A person detector counts the people running (faster than
 * RUNNING_SPEED of their own heights per second once the camera is undone); at least MIN_RUNNERS
 * running for MIN_RUNNING_SEC is a play. Set players, a walk back or a crowd do not run.
 */
export async function findRunningPlays(options: RescueOptions): Promise<RunningPlay[]> {
  const shots = shotsToLookAt(options.shots, options.durationSec);
  if (shots.length === 0) return [];
  const finder = options.finder ?? (await createPersonFinder());
  try {
    const plays: RunningPlay[] = [];
    for (const shot of shots) {
      const counts = await countRunners(options, finder, shot);
      for (const run of runningStretches(counts, MIN_RUNNERS, MIN_RUNNING_SEC, 1 / RESCUE_FPS))
        plays.push({
          start: Math.max(shot.start, run.start - RESCUE_PAD_BEFORE_SEC),
          end: Math.min(shot.end, run.end + RESCUE_PAD_AFTER_SEC),
          runningFrom: run.start,
          runningTo: run.end,
        });
    }
    return plays;
  } finally {
    if (!options.finder) await finder.close();
  }
}

async function countRunners(
  options: RescueOptions,
  finder: PersonFinder,
  shot: ShotSpan,
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
    startSec: shot.start,
    durationSec: shot.end - shot.start,
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
