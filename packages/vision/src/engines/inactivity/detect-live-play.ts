import { findPictureArea, isWholeFrame, type PictureArea } from '../../media/picture-area.js';
import { probeVideo, type MediaInfo } from '../../media/probe.js';
import { totalLength } from '../../media/segments.js';
import { extractFilmFeatures, type FilmFeatures } from './film-features.js';
import type { CutAnalysis } from './cut-review.js';
import {
  decodeOptionsFor,
  explainSegments,
  filmLevels,
  gameShots,
  liveProbabilities,
  type DecodeOptions,
  type LivePlayModel,
  type LiveSegment,
} from './live-play-model.js';
import { LIVE_PLAY_MODEL } from './live-play-weights.js';
import { buildFeatureMatrix } from './play-features.js';
import { findRunningPlays, quietStretches } from './play-rescue.js';
import { joinRunningPlays, runningSegment } from './running-segments.js';
import { ANALYSIS_FPS, ANALYSIS_WIDTH } from './tuning.js';

export interface DetectLivePlayOptions {
  input: string;
  signal?: AbortSignal;
  /** 0–100 while the film is analysed. */
  onProgress?: (percent: number) => void;
  /** Analysis frame rate (default 5) and width of a 16:9 picture (default 320). */
  fps?: number;
  width?: number;
  /**
   * Decoding of the live-play probability (hold, padding...); defaults in DEFAULT_DECODE_OPTIONS,
   * with the model's own hold.
   */
  decode?: Partial<DecodeOptions>;
  /** The trained model (default: the shipped one). */
  model?: LivePlayModel;
  info?: MediaInfo;
  /** The picture inside the film's black bars (found by sampling the film when not given). */
  pictureArea?: PictureArea;
  /** Look again, with a person detector, at the game left out (default true). */
  rescue?: boolean;
}

export interface LivePlayResult {
  durationSec: number;
  /** Kept stretches, each with its confidence and what decided it. */
  segments: LiveSegment[];
  keptSec: number;
  info: MediaInfo;
  features: FilmFeatures;
  /** What the coach's review re-decides the film from (`cut-review.ts`). */
  review: CutAnalysis;
}

/**
 * Finds the live play in a film: one decode at low resolution (picture and sound together), per-frame
 * features measured in people (play-features.ts), the trained live-play model and its decoding. Throws MediaError for unreadable, empty or video-less files and on abort.
 */
export async function detectLivePlay(options: DetectLivePlayOptions): Promise<LivePlayResult> {
  const info = options.info ?? (await probeVideo(options.input, { signal: options.signal }));
  const fps = options.fps ?? ANALYSIS_FPS;
  options.onProgress?.(0);
  const area =
    options.pictureArea ??
    (await findPictureArea({ input: options.input, info, signal: options.signal }));
  const features = await extractFilmFeatures({
    input: options.input,
    info,
    pictureArea: area,
    fps,
    width: options.width ?? ANALYSIS_WIDTH,
    signal: options.signal,
    onProgress: (fraction) => options.onProgress?.(Math.min(99, fraction * 100)),
  });
  // The container may claim more than the decoder delivered (or nothing at all).
  const decodedSec = features.count / fps;
  const durationSec =
    info.durationSec > 0 ? Math.min(info.durationSec, decodedSec + 1 / fps) : decodedSec;
  const model = options.model ?? LIVE_PLAY_MODEL;
  const matrix = buildFeatureMatrix(features);
  const probabilities = liveProbabilities(matrix, model);
  const decode = decodeOptionsFor(model, options.decode);
  const explained = explainSegments(
    matrix,
    probabilities,
    features.whistle,
    fps,
    durationSec,
    model,
    decode,
  );
  let segments: LiveSegment[] = explained.segments;
  if (options.rescue !== false) {
    const found = await findRunningPlays({
      input: options.input,
      info,
      ...(isWholeFrame(area, info) ? {} : { area }),
      stretches: quietStretches(matrix, fps, durationSec, segments),
      camera: features,
      durationSec,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    segments = joinRunningPlays(
      segments,
      found.map((play) => runningSegment(play, probabilities, fps)),
    );
  }
  options.onProgress?.(100);
  const review: CutAnalysis = {
    durationSec,
    stepSec: 1 / fps,
    live: Array.from(probabilities, (p) => Math.round(p * 100) / 100),
    game: gameShots(matrix, fps)
      .filter((shot) => shot.game)
      .map((shot) => ({ start: shot.start / fps, end: Math.min(durationSec, shot.end / fps) })),
    levels: decode.ownLevels
      ? filmLevels(probabilities, durationSec, model)
      : { enter: model.enter, stay: model.stay },
    segments,
    passedOver: explained.passedOver,
  };
  return { durationSec, segments, keptSec: totalLength(segments), info, features, review };
}
