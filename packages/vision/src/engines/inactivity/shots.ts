import { quantile } from './play-features.js';

/**
 * A film's shots, the units the Inactivity Filter decodes: every hard cut ends a play and a dead
 * stretch, so nothing is carried across one (a padded play ending in the next clip's first frames,
 * film levels of one shot spilling into the next). A shot that mostly shows no playing field (the
 * crowd, the bench, the sky, a scoreboard close-up) or whose picture changes wholesale on most frames
 * is not the game and is never kept, not even inside a play's padding. A game shot shorter than
 * MIN_SHOT_SEC right after another game shot is taken as a false cut (a flash, a fast whip of a phone)
 * and joins it. Between two shots of the film's main view, a shot that looks unlike it is a
 * broadcast's cutaway (`markCutaways`) and is not the game either.
 */
export interface Shot {
  /** Frames [start, end). */
  start: number;
  end: number;
  /** Whether the shot shows the game. */
  game: boolean;
}

/** Shots shorter than this (s) after a game shot are a false cut inside it. */
export const MIN_SHOT_SEC = 0.6;
/** Share of a shot's frames that must show a playing field, steadily, for it to be the game. */
export const MIN_GAME_SHARE = 0.5;

export function filmShots(
  cuts: Uint8Array,
  fps: number,
  inView: (frame: number) => boolean = () => true,
): Shot[] {
  const shots: Shot[] = [];
  const minShot = MIN_SHOT_SEC * fps;
  let start = 0;
  for (let i = 1; i <= cuts.length; i++) {
    if (i < cuts.length && !cuts[i]) continue;
    let seen = 0;
    for (let k = start; k < i; k++) if (inView(k)) seen++;
    const game = seen >= MIN_GAME_SHARE * (i - start);
    const previous = shots[shots.length - 1];
    if (previous && previous.game && game && i - start < minShot) previous.end = i;
    else shots.push({ start, end: i, game });
    start = i;
  }
  return shots;
}

/**
 * How unlike the film's main view (1 − the intersection of the two shots' colour histograms) a shot
 * between two main-view shots must look to be a cutaway: a close-up, a replay from another camera.
 * The real game's clips, filmed from wherever the parent stood, all lie within 0.26 of their main
 * view; a broadcast's close-ups and replays lie 0.31–0.66 from its main camera (whole-films.md).
 */
export const CUTAWAY_DISTANCE = 0.35;
/**
 * A broadcast's break between plays is a run of cutaways (the scorer, a replay, the next server):
 * next to a clear cutaway, a shot this unlike the main view belongs to the same break.
 */
export const NEAR_CUTAWAY_DISTANCE = 0.25;

/**
 * A broadcast cuts from its main camera to close-ups, replays, the crowd and graphics between plays.
 * The main view is the game shot that looks most like all the others, weighted by their length. A
 * run of game shots at least NEAR_CUTAWAY_DISTANCE from it, between two main-view shots and holding
 * one at least CUTAWAY_DISTANCE from it, is a break of cutaways and is marked not the game. A film of
 * one view (a tripod, a parent's joined clips) has no shot that far from its main view and is left
 * as it is. `colours` holds each frame's histogram of `bins` bins (FilmFeatures.colours).
 */
export function markCutaways(shots: Shot[], colours: Uint8Array, bins: number): Shot[] {
  const game = shots.filter((s) => s.game && s.end > s.start);
  if (game.length < 3 || colours.length < shots[shots.length - 1]!.end * bins) return shots;
  const looks = game.map((s) => meanHistogram(colours, bins, s.start, s.end));
  let main = 0;
  let lowest = Infinity;
  for (let i = 0; i < game.length; i++) {
    let cost = 0;
    for (let j = 0; j < game.length; j++)
      cost += histogramDistance(looks[i]!, looks[j]!) * (game[j]!.end - game[j]!.start);
    if (cost < lowest) {
      lowest = cost;
      main = i;
    }
  }
  const distance = looks.map((look) => histogramDistance(look, looks[main]!));
  // runs of shots unlike the main view, between two main-view shots, holding one clear cutaway
  const cutaways = new Set<Shot>();
  let runStart = -1;
  for (let i = 0; i < game.length; i++) {
    if (distance[i]! >= NEAR_CUTAWAY_DISTANCE) {
      if (runStart < 0) runStart = i;
      continue;
    }
    if (runStart > 0 && distance.slice(runStart, i).some((d) => d >= CUTAWAY_DISTANCE))
      for (let k = runStart; k < i; k++) cutaways.add(game[k]!);
    runStart = -1;
  }
  return shots.map((s) => (cutaways.has(s) ? { ...s, game: false } : s));
}

/**
 * A replay shows pictures the film has already shown (repeated-pictures.ts): a shot is one when its
 * median distance to the nearest earlier picture is at most REPLAY_MAX_DISTANCE grey levels and at
 * most REPLAY_REPEAT_RATIO of how much its own pictures change from frame to frame (the upper
 * quartile, at least REPLAY_MIN_CHANGE: a still picture repeats but replays nothing). A live moment
 * never repeats: on a fixed league camera its nearest earlier picture lies 5 or more away, on a
 * parent's phone 10 or more, and a replay's within 0.3-0.7 (the whole-films journal). The film's
 * first shot and shots under a second are not judged.
 */
export const REPLAY_MAX_DISTANCE = 2.5;
export const REPLAY_REPEAT_RATIO = 1;
export const REPLAY_MIN_CHANGE = 0.5;

export function markReplays(
  shots: Shot[],
  repeatDistance: Float32Array,
  pictureChange: Float32Array,
  fps: number,
): Shot[] {
  const last = shots[shots.length - 1];
  if (!last || repeatDistance.length < last.end || pictureChange.length < last.end) return shots;
  return shots.map((s, k) => {
    if (!s.game || k === 0 || s.end - s.start < fps) return s;
    const near = quantile(repeatDistance.subarray(s.start, s.end), 0.5);
    // the shot's first frame changes by the cut itself
    const change = quantile(pictureChange.subarray(s.start + 1, s.end), 0.75);
    const replay =
      change >= REPLAY_MIN_CHANGE &&
      near <= REPLAY_MAX_DISTANCE &&
      near <= REPLAY_REPEAT_RATIO * change;
    return replay ? { ...s, game: false } : s;
  });
}

/** The shot's colour histogram: each frame's bins as shares of that frame, averaged over frames. */
function meanHistogram(
  colours: Uint8Array,
  bins: number,
  start: number,
  end: number,
): Float64Array {
  const mean = new Float64Array(bins);
  let frames = 0;
  for (let f = start; f < end; f++) {
    let sum = 0;
    for (let b = 0; b < bins; b++) sum += colours[f * bins + b]!;
    if (sum === 0) continue;
    for (let b = 0; b < bins; b++) mean[b]! += colours[f * bins + b]! / sum;
    frames++;
  }
  if (frames > 0) for (let b = 0; b < bins; b++) mean[b]! /= frames;
  return mean;
}

/** 1 − histogram intersection: 0 for the same colours, 1 for none in common. */
function histogramDistance(a: Float64Array, b: Float64Array): number {
  let common = 0;
  for (let i = 0; i < a.length; i++) common += Math.min(a[i]!, b[i]!);
  return 1 - common;
}
