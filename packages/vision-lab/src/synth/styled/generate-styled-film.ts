import type { Segment } from '@filmroom/vision/media';
import { cachedFilmTruth, synthFilmPath, writeSynthFilm } from '../film-writer.js';
import { Random } from '../random.js';
import { sampleLook, type FilmLook, type StyleName } from './film-style.js';
import { STYLED_AUDIO_RATE, synthesiseStyledAudio } from './styled-audio.js';
import { renderFigureSet } from './figure-sprites.js';
import { StyledDrawer } from './styled-drawer.js';
import { StyledScene } from './styled-scene.js';
import { buildStyledTimeline, type BroadcastCuts, type Stretch } from './styled-timeline.js';

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
  /** A rally broadcast's cutaways from the main camera (close-ups, crowd, replays). */
  broadcast?: BroadcastCuts;
}

/**
 * The size the scene is drawn at: the picture's shape, at most `maxDrawWidth` wide; a portrait picture
 * keeps the pixel count of a landscape 16:9 one as wide (the drawing is the slow part).
 */
function drawSize(look: FilmLook, maxDrawWidth: number): { drawWidth: number; drawHeight: number } {
  const picture = look.picture ?? { width: look.width, height: look.height };
  const portrait = picture.height > picture.width;
  const limit = portrait ? (maxDrawWidth * 9) / 16 : maxDrawWidth;
  const drawWidth = Math.min(picture.width, Math.round(limit)) & ~1;
  const drawHeight = Math.round((drawWidth * picture.height) / picture.width / 2) * 2;
  return { drawWidth, drawHeight };
}

/** The drawing scaled to the look's size, or to its picture centred between black bars. */
function outputFilter(look: FilmLook): string {
  // stored turned a quarter clockwise: the display rotation (a quarter anticlockwise) turns it upright
  if (look.displayRotation === 90)
    return `scale=${look.width}:${look.height}:flags=bicubic,transpose=clock`;
  if (!look.picture) return `scale=${look.width}:${look.height}:flags=bicubic`;
  const { width, height } = look.picture;
  const x = Math.round((look.width - width) / 4) * 2;
  const y = Math.round((look.height - height) / 4) * 2;
  return (
    `scale=${width}:${height}:flags=bicubic,` + `pad=${look.width}:${look.height}:${x}:${y}:black`
  );
}

/** Renders a deterministic film of the given style (its look drawn from the seed), cached on disk. */
export async function generateStyledFilm(
  options: GenerateStyledFilmOptions,
): Promise<GeneratedStyledFilm> {
  const figures = options.people === 'figures';
  const drawSuffix = figures ? `-figures-w${options.maxDrawWidth ?? 384}` : '';
  // broadcast-volleyball films changed at v4 (replays from the main camera); the rest at v3
  const version = options.style === 'broadcast-volleyball' ? 'v4' : 'v3';
  const name = `${options.style}-s${options.seed}-${options.durationSec}s-${version}${drawSuffix}`;
  const cached = await cachedFilmTruth<GeneratedStyledFilm>(options.outDir, name);
  if (cached) return cached;
  // The style's name joins the seed, so seed 1 of two styles draws two unrelated looks.
  let styleHash = 2166136261;
  for (const ch of options.style) styleHash = Math.imul(styleHash ^ ch.charCodeAt(0), 16777619);
  const rng = new Random((options.seed * 2654435761) ^ styleHash);
  const look = sampleLook(options.style, rng);
  const timeline = buildStyledTimeline(look, options.durationSec, rng);
  const { drawWidth, drawHeight } = drawSize(look, options.maxDrawWidth ?? 384);
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
    outputFilter: outputFilter(look),
    ...(look.displayRotation ? { displayRotation: look.displayRotation } : {}),
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
    ...(timeline.broadcast && { broadcast: timeline.broadcast }),
  };
  return writeSynthFilm(encoding, drawFrame, film);
}
