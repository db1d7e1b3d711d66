// The Inactivity Filter's sampling and motion thresholds in one place. The live-play model's
// weights and levels are data (live-play-weights.json); the decoder's defaults are in live-play-model.ts.

/** Frames sampled per second of film, and the analysis width of a 16:9 film (others keep the area). */
export const ANALYSIS_FPS = 5;
export const ANALYSIS_WIDTH = 320;

/** Frames between refreshes of the field mask, and the pixel differences counted as moving / changed. */
export const FIELD_REFRESH_FRAMES = 3;
export const MOVING_THRESHOLD = 40;
export const CHANGED_THRESHOLD = 90;
