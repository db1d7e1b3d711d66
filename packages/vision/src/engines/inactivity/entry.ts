// The Inactivity Filter's analysis parts the lab trains, tunes and scores: the lab's entry point
// (`@filmroom/vision/inactivity`).
export {
  extractFilmFeatures,
  FEATURE_COLUMNS,
  type FeatureColumn,
  type FilmFeatures,
} from './film-features.js';
export {
  decodeOptionsFor,
  decodePlays,
  DEFAULT_DECODE_OPTIONS,
  type DecodeOptions,
  type LivePlayModel,
  liveProbabilities,
} from './live-play-model.js';
export { LIVE_PLAY_MODEL, parseLivePlayModel } from './live-play-weights.js';
export { type CameraStep, matchPace } from './people-pace.js';
export { buildFeatureMatrix, FEATURE_NAMES, type FeatureMatrix } from './play-features.js';
export { findRunningPlays, type QuietStretch, quietStretches } from './play-rescue.js';
export { runInactivityFilter } from './run-inactivity-filter.js';
export {
  countedDeadTime,
  intersectionLength,
  scoreSegments,
  sumScores,
  type SegmentScore,
} from './score-segments.js';
export { ANALYSIS_FPS, ANALYSIS_WIDTH } from './tuning.js';
