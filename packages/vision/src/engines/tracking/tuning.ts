// Player Tracking's reading schedule and clip spotlight numbers in one place.

/**
 * People this tall (analysis pixels) get the text looks on the upper body; smaller ones only the
 * torso look of small players (a number there is at most ~10 px).
 */
export const MIN_TEXT_PERSON_HEIGHT = 64;

/** Seconds between a track's reads for its first `EAGER_READS` reads. */
export const OCR_INTERVAL_SEC = 0.45;
export const EAGER_READS = 14;

/**
 * After that, a long track is still read now and then to check it follows the same player: a swap at a
 * crossing shows as a new number (the reads used to stop at 14, and a swap after them went unseen).
 */
export const LATE_OCR_INTERVAL_SEC = 1.5;

/**
 * Reads of a number are independent when they were taken at least this many seconds apart: two
 * moments, not one. Reads of consecutive sampled frames (0.5 s at 2 fps, `OCR_INTERVAL_SEC`) see the
 * same pose, and the same fold of the shirt gives the same misread twice. A number is listed, and
 * counts as surely a track's, only when reads from two moments agree on it (`sure-number.ts`).
 * 0.95 s is two sampled frames at 2 fps, whatever the source frame rate (0.96–1.04 s apart). On the
 * synthetic films' tracks (seeds 11, 23, 101, 202), numbers backed by one read were 26 right and 17
 * wrong; by two or more reads 131 and 8; from reads 0.95 s or more apart 90 and 4; 1.45 s, 73 and 1.
 * Listed per player (a player's tracks together), 0.95 s gave 73 of 80 players and 2 nobody wears,
 * against 77 and 7 when one read listed a number.
 */
export const INDEPENDENT_READS_SEC = 0.95;

/**
 * Extra looks a track gets, at most, for a second moment of a number it has read at one moment only:
 * from `INDEPENDENT_READS_SEC` after that moment, a look (text detection, as the first read was made)
 * at each sampled frame, whatever the usual schedule, until reads from two moments agree or these
 * looks are spent. At 2 fps, 1.0 to 2.5 s after the first read.
 */
export const SECOND_MOMENT_LOOKS = 4;

/** Bounds the work on a track as long as the video. */
export const MAX_READS_PER_TRACK = 60;

/**
 * Seconds between looks for a track's number by text detection (the costly way, ~4x a band read):
 * every other sampled frame at 2 fps; once two sure reads (≥ 0.9) agree, every 3 s (enough to see a
 * swap at a crossing). Between looks the cheap band read carries on as before.
 */
export const TEXT_LOOK_INTERVAL_SEC = 0.95;
export const SETTLED_TEXT_LOOK_INTERVAL_SEC = 3;

/**
 * Looks after which a track on which text detection never found anything number-shaped is looked at
 * only every `SETTLED_TEXT_LOOK_INTERVAL_SEC`: two full cycles of the body scales (`BODY_LOOKS`)
 * found nothing, so the person shows no number for now (a back turned away, a referee, a
 * spectator). On the 16-s volleyball clip 25 of 316 looks found text. After one cycle (3 looks)
 * the clip's '37', found late on a long track, was lost. After 4 looks the clip took 273 looks
 * instead of 310, but 218 s of joined real film ran no faster (359 s against 350) and listed other
 * numbers (lab journal, tracking-numbers.md), so the saving is not worth the change.
 */
export const TEXTLESS_LOOKS = 6;

/** Seconds between interpolated spotlight positions (drawbox positions are fixed per filter). */
export const STEP_SEC = 0.125;

/** Samples further apart than this are not interpolated (the player left or was lost). */
export const MAX_SAMPLE_GAP_SEC = 1.6;
