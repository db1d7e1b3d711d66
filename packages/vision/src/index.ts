export { ffmpegPath, ffprobePath } from './media/ffmpeg-paths.js';
export { MediaError, isAbortError, type MediaErrorCode } from './media/media-error.js';
export {
  probeMedia,
  probeVideo,
  probeKeyframes,
  type MediaInfo,
  type VideoStreamInfo,
  type AudioStreamInfo,
} from './media/probe.js';
export {
  readFrames,
  type FrameReaderOptions,
  type VideoFrame,
  type FramePixelFormat,
} from './media/frame-reader.js';
export {
  renderSegments,
  type RenderSegmentsOptions,
  type RenderSegmentsResult,
} from './media/render-segments.js';
export { normaliseSegments, totalLength, type Segment } from './media/segments.js';
export { runProcess, type RunResult } from './media/run-process.js';
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
export { DEFAULT_TEMPORAL_OPTIONS, type TemporalOptions } from './inactivity/temporal-model.js';
export { scoreSegments, type SegmentScore } from './inactivity/score-segments.js';
export {
  generateFilm,
  type GenerateFilmOptions,
  type GeneratedFilm,
} from './synth/generate-film.js';
export { SPORTS, type Sport } from './synth/sport-profile.js';
export {
  generateTrackingFilm,
  type GenerateTrackingFilmOptions,
  type GeneratedTrackingFilm,
} from './synth-tracking/generate-tracking-film.js';
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
