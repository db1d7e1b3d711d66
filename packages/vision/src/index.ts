export * from './media/index.js';
export {
  runInactivityFilter,
  type InactivityFilterOptions,
  type InactivityFilterResult,
} from './engines/inactivity/run-inactivity-filter.js';
export {
  detectLivePlay,
  type DetectLivePlayOptions,
  type LivePlayResult,
} from './engines/inactivity/detect-live-play.js';
export {
  DEFAULT_DECODE_OPTIONS,
  type DecodeOptions,
  type LiveSegment,
} from './engines/inactivity/live-play-model.js';
export { scoreSegments, type SegmentScore } from './engines/inactivity/score-segments.js';
export {
  analyseTracking,
  type AnalyseTrackingOptions,
} from './engines/tracking/analyse-tracking.js';
export type {
  TrackingAnalysis,
  TrackingTeam,
  TrackingPlayer,
  TimeRange,
} from './engines/tracking/tracking-types.js';
export {
  planClips,
  ClipPlanError,
  type ClipPlan,
  type ClipPlanOptions,
} from './engines/tracking/clips/plan-clips.js';
export {
  renderClips,
  type RenderClipsOptions,
  type RenderClipsResult,
} from './engines/tracking/clips/render-clips.js';
export { NumberRecognizer } from './perception/numbers/number-recognizer.js';
export {
  readJerseyNumber,
  readJerseyNumberFile,
  type JerseyRead,
} from './perception/numbers/read-jersey-number.js';
export { createPersonFinder, DetectorPool } from './perception/detector/detector-pool.js';
export { CenterNetDetector } from './perception/detector/centernet-detector.js';
export type { PersonFinder, PersonDetection, RgbFrame, Box } from './perception/detector/types.js';
export type { EngineRequest, EngineResult, TrackingSummary } from './engine/index.js';
