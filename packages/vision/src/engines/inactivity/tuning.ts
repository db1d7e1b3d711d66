// The Inactivity Filter's sampling and motion thresholds in one place. The live-play model's
// weights and levels are data (live-play-weights.json); the decoder's defaults are in live-play-model.ts.

/** Frames sampled per second of film, and the analysis width of a 16:9 film (others keep the area). */
export const ANALYSIS_FPS = 5;
export const ANALYSIS_WIDTH = 320;

/** Frames between refreshes of the field mask, and the pixel differences counted as moving / changed. */
export const FIELD_REFRESH_FRAMES = 3;
export const MOVING_THRESHOLD = 40;
export const CHANGED_THRESHOLD = 90;

/** Bins of a frame's colour histogram (2 bits per channel), kept per frame to tell shots apart. */
export const COLOUR_BINS = 64;

/**
 * How far back a frame is compared with earlier pictures to tell a replay (repeated-pictures.ts):
 * a broadcast replays a play within a minute, and frames closer than the gap are the same moment's.
 */
export const REPEAT_WINDOW_SEC = 60;
export const REPEAT_GAP_SEC = 5;

/**
 * The second look at game shots where the probability found no play (play-rescue.ts): a person
 * detector at RESCUE_FPS on frames RESCUE_SIZE px on their long side; people running faster than
 * RUNNING_SPEED of their own heights per second (paired within RUNNING_REACH heights); a play is at
 * least MIN_RUNNERS running for MIN_RUNNING_SEC. Chosen on the first half of the real game joined in
 * recording order, scored on the second (packages/vision-lab/journal/whole-films.md).
 */
export const RESCUE_FPS = 5;
export const RESCUE_SIZE = 1024;
export const RUNNING_SPEED = 1.5;
export const RUNNING_REACH = 2;
export const MIN_RUNNERS = 3;
export const MIN_RUNNING_SEC = 1.2;
export const RESCUE_PAD_BEFORE_SEC = 1.2;
export const RESCUE_PAD_AFTER_SEC = 1.5;
/**
 * At most this share of the film is looked at again (shortest shots first), or RESCUE_MIN_SEC on a
 * short film: the cost stays bounded.
 */
export const RESCUE_MAX_SHARE = 0.35;
export const RESCUE_MIN_SEC = 15;

/**
 * Inside a shot where plays were found, the stretches left out are read too, from
 * RESCUE_CONTEXT_SEC before each (a play's set, in kept film, is seen). A run found there is a play
 * only if it starts from players set, fewer than MIN_RUNNERS running for SET_BEFORE_RUN_SEC: the
 * players jogging off after the play before run too (2–6 of them on the real game) but never start
 * from stillness.
 */
export const RESCUE_CONTEXT_SEC = 2;
export const SET_BEFORE_RUN_SEC = 1;
/**
 * Of the budget, the stretches between plays get at most this share of the film (or RESCUE_MIN_SEC):
 * a continuous recording has them all along, and reading 35% of it doubled the analysis' processor
 * time. The real game joined needs 15 s of its 108 s (whole-films.md).
 */
export const RESCUE_BETWEEN_PLAYS_SHARE = 0.15;

/**
 * In basketball and soccer play runs in long stretches broken by stoppages: a lull this long (s)
 * does not end it (sport-rhythm.ts).
 */
export const LONG_PLAY_HOLD_SEC = 6;
