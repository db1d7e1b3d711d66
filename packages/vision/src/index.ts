export * from './media/index.js';
export {
  runInactivityFilter,
  type InactivityFilterOptions,
  type InactivityFilterResult,
} from './inactivity/run-inactivity-filter.js';
export {
  detectLivePlay,
  type DetectLivePlayOptions,
  type LivePlayResult,
} from './inactivity/detect-live-play.js';
export {
  DEFAULT_DECODE_OPTIONS,
  type DecodeOptions,
  type LiveSegment,
} from './inactivity/live-play-model.js';
export { scoreSegments, type SegmentScore } from './inactivity/score-segments.js';
export { analyseTracking, type AnalyseTrackingOptions } from './tracking/analyse-tracking.js';
export type {
  TrackingAnalysis,
  TrackingTeam,
  TrackingPlayer,
  TimeRange,
} from './tracking/tracking-types.js';
export {
  planClips,
  ClipPlanError,
  type ClipPlan,
  type ClipPlanOptions,
} from './clips/plan-clips.js';
export {
  renderClips,
  type RenderClipsOptions,
  type RenderClipsResult,
} from './clips/render-clips.js';
export { NumberRecognizer } from './numbers/number-recognizer.js';
export {
  readJerseyNumber,
  readJerseyNumberFile,
  type JerseyRead,
} from './numbers/read-jersey-number.js';
export { createPersonFinder, DetectorPool } from './detect/detector-pool.js';
export { CenterNetDetector } from './detect/centernet-detector.js';
export type { PersonFinder, PersonDetection, RgbFrame, Box } from './detect/types.js';
export type { EngineRequest, EngineResult, TrackingSummary } from './engine/index.js';
