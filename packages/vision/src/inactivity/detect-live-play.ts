import { probeVideo, type MediaInfo } from '../media/probe.js';
import { totalLength, type Segment } from '../media/segments.js';
import { extractFilmFeatures, type FilmFeatures } from './film-features.js';
import {
  DEFAULT_TEMPORAL_OPTIONS,
  findLiveSegments,
  type TemporalOptions,
} from './temporal-model.js';

export interface DetectLivePlayOptions {
  input: string;
  signal?: AbortSignal;
  /** 0–100 while the film is analysed. */
  onProgress?: (percent: number) => void;
  /** Analysis frame rate (default 5) and width (default 240). */
  fps?: number;
  width?: number;
  temporal?: Partial<TemporalOptions>;
  info?: MediaInfo;
}

export interface LivePlayResult {
  durationSec: number;
  segments: Segment[];
  keptSec: number;
  info: MediaInfo;
  features: FilmFeatures;
}

/**
 * Finds the live play in a film: one decode at low resolution (picture and sound together), then the
 * temporal model. Throws MediaError for unreadable, empty or video-less files and on abort.
 */
export async function detectLivePlay(options: DetectLivePlayOptions): Promise<LivePlayResult> {
  const info = options.info ?? (await probeVideo(options.input, { signal: options.signal }));
  const fps = options.fps ?? 5;
  options.onProgress?.(0);
  const features = await extractFilmFeatures({
    input: options.input,
    info,
    fps,
    width: options.width ?? 240,
    signal: options.signal,
    onProgress: (fraction) => options.onProgress?.(Math.min(99, fraction * 100)),
  });
  // The container may claim more than the decoder delivered (or nothing at all).
  const decodedSec = features.count / fps;
  const durationSec =
    info.durationSec > 0 ? Math.min(info.durationSec, decodedSec + 1 / fps) : decodedSec;
  const segments = findLiveSegments(features, durationSec, {
    ...DEFAULT_TEMPORAL_OPTIONS,
    ...options.temporal,
  });
  options.onProgress?.(100);
  return { durationSec, segments, keptSec: totalLength(segments), info, features };
}
