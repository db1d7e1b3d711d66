import type { Segment } from '@filmroom/vision/internal/media/segments.js';
import { cachedFilmTruth, synthFilmPath, writeSynthFilm } from '../film-writer.js';
import { Random } from '../random.js';
import { sampleLook, type FilmLook, type StyleName } from './film-style.js';
import { STYLED_AUDIO_RATE, synthesiseStyledAudio } from './styled-audio.js';
import { renderFigureSet } from './figure-sprites.js';
import { StyledDrawer } from './styled-drawer.js';
import { StyledScene } from './styled-scene.js';
import { buildStyledTimeline, type Stretch } from './styled-timeline.js';

export interface GenerateStyledFilmOptions {
  style: StyleName;
  seed: number;
  durationSec: number;
  /** Folder for the film and its ground truth (git-ignored cache). */
  outDir: string;
  /** Largest size the scene is drawn at before ffmpeg scales it to the look's size (default 384). */
  maxDrawWidth?: number;
  /**
   * How people are drawn: 'blocks' (the default: box figures, which a person detector does not take
   * for people) or 'figures' (athlete figures it does, for detector-based features).
   */
  people?: 'blocks' | 'figures';
  signal?: AbortSignal;
}

export interface GeneratedStyledFilm {
  path: string;
  style: StyleName;
  seed: number;
  durationSec: number;
  look: FilmLook;
  /** Exact ground truth: when the ball is live. */
  live: Segment[];
  /** What every stretch of the film shows (live play or a dead-time habit). */
  stretches: Stretch[];
}

/** Renders a deterministic film of the given style (its look drawn from the seed), cached on disk. */
export async function generateStyledFilm(
  options: GenerateStyledFilmOptions,
): Promise<GeneratedStyledFilm> {
  const figures = options.people === 'figures';
  const drawSuffix = figures ? `-figures-w${options.maxDrawWidth ?? 384}` : '';
  const name = `${options.style}-s${options.seed}-${options.durationSec}s-v3${drawSuffix}`;
  const cached = await cachedFilmTruth<GeneratedStyledFilm>(options.outDir, name);
  if (cached) return cached;
  // The style's name joins the seed, so seed 1 of two styles draws two unrelated looks.
  let styleHash = 2166136261;
  for (const ch of options.style) styleHash = Math.imul(styleHash ^ ch.charCodeAt(0), 16777619);
  const rng = new Random((options.seed * 2654435761) ^ styleHash);
  const look = sampleLook(options.style, rng);
  const timeline = buildStyledTimeline(look, options.durationSec, rng);
  const drawWidth = Math.min(look.width, options.maxDrawWidth ?? 384) & ~1;
  const drawHeight = Math.round((drawWidth * look.height) / look.width / 2) * 2;
  const audio = look.sound
    ? {
        samples: synthesiseStyledAudio(look, timeline, options.seed),
        rate: STYLED_AUDIO_RATE,
        bitrate: '64k',
      }
    : undefined;
  const scene = new StyledScene(look, timeline, new Random(options.seed * 7 + 3));
  const figureSet = figures ? await renderFigureSet(look) : undefined;
  const drawer = new StyledDrawer(drawWidth, drawHeight, look, scene, options.seed, figureSet);
  const drawFrame = (t: number, dt: number): Uint8Array => {
    scene.step(t, dt);
    const live = timeline.live.some((s) => t >= s.start && t < s.end);
    return drawer.draw(t, live ? 0.04 : 0.12);
  };
  const encoding = {
    outDir: options.outDir,
    name,
    durationSec: options.durationSec,
    fps: look.fps,
    drawWidth,
    drawHeight,
    width: look.width,
    height: look.height,
    crf: look.crf,
    maxKbps: look.maxKbps,
    keyframeSec: look.keyframeSec,
    audio,
    failure: 'Could not encode the styled film.',
    signal: options.signal,
  };
  const film: GeneratedStyledFilm = {
    path: synthFilmPath(options.outDir, name),
    style: options.style,
    seed: options.seed,
    durationSec: options.durationSec,
    look,
    live: timeline.live,
    stretches: timeline.stretches,
  };
  return writeSynthFilm(encoding, drawFrame, film);
}
