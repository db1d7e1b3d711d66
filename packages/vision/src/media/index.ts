// Probing, reading and cutting media with ffmpeg: what a server needs without the vision models.
export { ffmpegPath, ffprobePath } from './ffmpeg-paths.js';
export { MediaError, isAbortError, type MediaErrorCode } from './media-error.js';
export {
  probeMedia,
  probeVideo,
  probeKeyframes,
  type MediaInfo,
  type VideoStreamInfo,
  type AudioStreamInfo,
} from './probe.js';
export {
  readFrames,
  type FrameReaderOptions,
  type VideoFrame,
  type FramePixelFormat,
} from './frame-reader.js';
export { findPictureArea, isWholeFrame, wholeFrame, type PictureArea } from './picture-area.js';
export {
  renderSegments,
  type RenderSegmentsOptions,
  type RenderSegmentsResult,
} from './render-segments.js';
export { normaliseSegments, totalLength, type Segment } from './segments.js';
export { runProcess, type RunResult } from './run-process.js';
export { mediaInputArgs, FILM_DEMUXERS } from './media-input.js';
export { spawnBound, boundForkOptions } from './spawn-bound.js';
export { abortError } from './media-error.js';
