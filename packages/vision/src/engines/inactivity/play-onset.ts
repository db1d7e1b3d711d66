import { quantile } from './play-features.js';

/**
 * Where a found play really starts. The live-play model reads seconds of context around each frame,
 * so a play it finds often opens with the quiet stretch before the snap, the serve or the kick-off:
 * players set in formation, waiting. People moving after the camera is undone (`players` of the
 * feature matrix, a log scale of how many people-sized areas moved) show that stillness and the
 * burst out of it frame by frame, so a play whose action follows a clear stretch of stillness
 * starts at the burst. A play the probability found late (a weak reading, a heavily compressed
 * film) opens busy instead: it starts at the burst that began its busy stretch, if that came out
 * of stillness. The constants were set on the marked real clips (0012, "Revision: a play starts at
 * the burst out of stillness" and "a play the probability finds late starts at its burst"); the
 * generated films of seed 7 never informed them.
 */

/**
 * Share of the way from the film's quiet level to the play's busy level where the burst is placed.
 */
const BURST_LEVEL = 0.5;
/** The play's busy level: this quantile of its movement. */
export const BUSY_QUANTILE = 0.8;
/** The film's quiet level: this quantile of its movement. */
const QUIET_QUANTILE = 0.1;
/**
 * How much busier than the film's quiet moments a play must be (log units: e ≈ 2.7 times the
 * movement) before its opening is judged quiet; a play already on at the film's first frame must be
 * busier still (about 4.5 times), since a recording that starts mid-play is no quiet opening.
 */
const MIN_CONTRAST = 1;
const MIN_CONTRAST_AT_FILM_START = 1.5;
/**
 * The burst: movement at the burst level for at least this long (s); walking to the line is
 * shorter.
 */
const SUSTAINED_BURST_SEC = 1;
/**
 * The quiet stretch right before the burst must last this long (s) for the start to move: set
 * formations wait longer; a lull in flowing play (a soccer build-up) is shorter.
 */
const MIN_QUIET_SEC = 1.5;
/** The start is placed this long before the burst (s), before the play's own padding. */
const BEFORE_BURST_SEC = 0.4;

/** The film's quiet level of movement, against which every play's opening is judged. */
export function quietMovement(movement: Float32Array): number {
  return quantile(movement, QUIET_QUANTILE);
}

/**
 * How far before the frame where the probability put a play's start its burst may lie (s): a play
 * the probability finds late (a weak reading, heavy compression) opens busy, and the burst that
 * began it is seconds earlier.
 */
const MAX_EARLIER_BURST_SEC = 6;

/**
 * The frame a play [start, end) should start at. When it opens quietly: where its movement first
 * bursts above halfway from the film's quiet level to the play's busy level and stays there a
 * second, if at least 1.5 s of stillness come right before that burst inside the play (then shortly
 * before the burst). When it opens busy: where that busy stretch began, up to 6 s earlier but not
 * before `earliest` (the previous play's end or a cut), if it burst out of 1.5 s of stillness there.
 * Else `start`.
 */
export function startAtBurst(
  movement: Float32Array,
  quiet: number,
  start: number,
  end: number,
  fps: number,
  earliest = start,
): number {
  const busy = quantile(movement.subarray(start, end), BUSY_QUANTILE);
  const contrast = start === 0 ? MIN_CONTRAST_AT_FILM_START : MIN_CONTRAST;
  if (busy - quiet < contrast) return start;
  const level = quiet + BURST_LEVEL * (busy - quiet);
  const sustained = Math.round(SUSTAINED_BURST_SEC * fps);
  const before = Math.round(BEFORE_BURST_SEC * fps);
  const minQuiet = MIN_QUIET_SEC * fps;
  if (movement[start]! >= level) {
    const limit = Math.max(earliest, start - Math.round(MAX_EARLIER_BURST_SEC * fps));
    let burst = start;
    while (burst > limit && movement[burst - 1]! >= level) burst--;
    let run = 0;
    while (burst + run < end && movement[burst + run]! >= level) run++;
    const still = quietRunBefore(movement, level, burst, earliest);
    if (burst < start && run >= sustained && burst - still >= minQuiet)
      return Math.max(earliest, burst - before);
  }
  let burst = -1;
  for (let i = start, run = 0; i < end; i++) {
    run = movement[i]! >= level ? run + 1 : 0;
    if (run >= sustained) {
      burst = i - run + 1;
      break;
    }
  }
  if (burst < 0) return start;
  if (burst - quietRunBefore(movement, level, burst, start) < minQuiet) return start;
  return Math.max(start, burst - before);
}

/** The first frame of the stillness (movement under `level`) that ends at `burst`, from `from` on. */
function quietRunBefore(
  movement: Float32Array,
  level: number,
  burst: number,
  from: number,
): number {
  let still = burst;
  while (still > from && movement[still - 1]! < level) still--;
  return still;
}
