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
