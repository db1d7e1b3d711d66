import { findPictureArea } from '../../media/picture-area.js';
import { probeVideo } from '../../media/probe.js';
import { renderSegments } from '../../media/render-segments.js';
import { detectLivePlay } from './detect-live-play.js';
import { decodeOptionsForSport } from './sport-rhythm.js';
import {
  resolveFilmSport,
  type FilmSportResolution,
} from '../../perception/sport/resolve-sport.js';
import type { SportChoice } from '../../perception/sport/sports.js';
import type { CutAnalysis } from './cut-review.js';
import type { DecodeOptions, LiveSegment } from './live-play-model.js';

export interface InactivityFilterOptions {
  input: string;
  /** When given, an MP4 of only the live segments is written here. */
  output?: string;
  signal?: AbortSignal;
  /** 0–100 over analysis and rendering together. */
  onProgress?: (percent: number) => void;
  decode?: Partial<DecodeOptions>;
  /** The film's sport as chosen (`auto`: detect it); absent: none known. */
  sport?: SportChoice;
}

/** The result the CLI writes as JSON and the worker stores. */
export interface InactivityFilterResult {
  durationSec: number;
  /** Kept stretches (s), each with a confidence (0..1) and the reasons that decided it. */
  segments: LiveSegment[];
  keptSec: number;
  timings: { analysisSec: number; renderSec: number };
  /** False when an output was asked for but there was no live play to render. */
  rendered: boolean;
  /** The sport the analysis went by, when one was chosen (detected for "auto"). */
  sport?: FilmSportResolution;
  /** What the coach's review of the cuts re-decides the film from, with no new analysis. */
  review: CutAnalysis;
}

const ANALYSIS_SHARE_WITH_RENDER = 85;

/**
 * The inactivity filter: finds live play and, if asked, renders only that. Errors are MediaError
 * (NOT_FOUND, NOT_MEDIA, NO_VIDEO, EMPTY, FFMPEG_FAILED, ABORTED); on abort ffmpeg is stopped and
 * temporary files and any partial output are removed.
 */
export async function runInactivityFilter(
  options: InactivityFilterOptions,
): Promise<InactivityFilterResult> {
  const { input, output, signal, onProgress } = options;
  const analysisShare = output ? ANALYSIS_SHARE_WITH_RENDER : 100;
  const started = performance.now();
  const info = await probeVideo(input, { signal });
  // `sport.used` is the film's sport for the decoder (null: none known).
  const area = await findPictureArea({ input, info, signal });
  const sport = options.sport
    ? await resolveFilmSport({
        chosen: options.sport,
        input,
        info,
        area,
        ...(signal ? { signal } : {}),
      })
    : undefined;
  const live = await detectLivePlay({
    input,
    info,
    pictureArea: area,
    signal,
    decode: { ...decodeOptionsForSport(sport?.used), ...options.decode },
    onProgress: (p) => onProgress?.((p * analysisShare) / 100),
  });
  const analysisSec = (performance.now() - started) / 1000;
  let renderSec = 0;
  let rendered = false;
  if (output && live.segments.length > 0) {
    const renderStarted = performance.now();
    await renderSegments({
      input,
      info,
      segments: live.segments,
      output,
      signal,
      onProgress: (p) => onProgress?.(analysisShare + (p * (100 - analysisShare)) / 100),
    });
    renderSec = (performance.now() - renderStarted) / 1000;
    rendered = true;
  }
  onProgress?.(100);
  const segments = live.segments.map((s) => ({
    ...s,
    start: round(s.start),
    end: round(s.end),
    confidence: Math.round(s.confidence * 100) / 100,
  }));
  return {
    durationSec: round(live.durationSec),
    segments,
    keptSec: round(live.keptSec),
    timings: { analysisSec: round(analysisSec), renderSec: round(renderSec) },
    rendered,
    ...(sport ? { sport } : {}),
    review: { ...live.review, durationSec: round(live.durationSec), segments },
  };
}

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}
