import type { Segment } from '@filmroom/vision/media';
import { synthesiseAudio, SYNTH_AUDIO_RATE } from './audio-track.js';
import { FrameDrawer } from './draw-frame.js';
import { cachedFilmTruth, synthFilmPath, writeSynthFilm } from './film-writer.js';
import { Random } from './random.js';
import { Scene } from './scene.js';
import { SPORT_PROFILES, type Sport } from './sport-profile.js';
import { buildTimeline } from './timeline.js';

export interface GenerateFilmOptions {
  sport: Sport;
  seed: number;
  durationSec: number;
  /** Folder for the film and its ground truth (git-ignored cache). */
  outDir: string;
  /** Encoded size; default 960x540. */
  width?: number;
  height?: number;
  /** Size the scene is drawn at before ffmpeg scales it; default half the encoded size. */
  drawWidth?: number;
  fps?: number;
  /** Leave out the audio track. */
  silent?: boolean;
  /** GOP length in seconds (keyframe interval); default 2. */
  keyframeSec?: number;
  signal?: AbortSignal;
}

export interface GeneratedFilm {
  path: string;
  sport: Sport;
  seed: number;
  durationSec: number;
  /** Exact ground truth: when the ball is live. */
  live: Segment[];
  crowdShots: Segment[];
  angleCuts: number[];
  /** Slow-motion replays: dead time (not live play) that looks like play. */
  replays: Segment[];
}

/** Renders a deterministic synthetic game film with ground truth, reusing a cached copy. */
export async function generateFilm(options: GenerateFilmOptions): Promise<GeneratedFilm> {
  const width = options.width ?? 960;
  const height = options.height ?? 540;
  const fps = options.fps ?? 25;
  const drawWidth = Math.round((options.drawWidth ?? width / 2) / 2) * 2;
  const drawHeight = Math.round((drawWidth * height) / width / 2) * 2;
  const name = `${options.sport}-s${options.seed}-${options.durationSec}s-${width}x${height}-${fps}${options.silent ? '-silent' : ''}-g${options.keyframeSec ?? 2}`;
  const cached = await cachedFilmTruth<GeneratedFilm>(options.outDir, name);
  if (cached) return cached;
  const profile = SPORT_PROFILES[options.sport];
  const rng = new Random(options.seed);
  const timeline = buildTimeline(profile, options.durationSec, rng);
  const audio = options.silent
    ? undefined
    : {
        samples: synthesiseAudio(profile, timeline, options.seed),
        rate: SYNTH_AUDIO_RATE,
        bitrate: '96k',
      };
  const scene = new Scene(profile, timeline, new Random(options.seed * 7 + 1));
  const drawer = new FrameDrawer(drawWidth, drawHeight, profile, options.seed);
  const drawFrame = (t: number, dt: number): Uint8Array => {
    scene.step(t, dt);
    const live = timeline.live.some((s) => t >= s.start && t < s.end);
    return drawer.draw(scene, t, live ? 0.04 : 0.12);
  };
  const encoding = {
    outDir: options.outDir,
    name,
    durationSec: options.durationSec,
    fps,
    drawWidth,
    drawHeight,
    width,
    height,
    crf: 23,
    keyframeSec: options.keyframeSec ?? 2,
    audio,
    failure: 'Could not encode the synthetic film.',
    signal: options.signal,
  };
  const film: GeneratedFilm = {
    path: synthFilmPath(options.outDir, name),
    sport: options.sport,
    seed: options.seed,
    durationSec: options.durationSec,
    live: timeline.live,
    crowdShots: timeline.crowdShots,
    angleCuts: timeline.angleCuts,
    replays: timeline.replays,
  };
  return writeSynthFilm(encoding, drawFrame, film);
}
