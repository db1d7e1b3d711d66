import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { ffmpegPath } from '@filmroom/vision/internal/media/ffmpeg-paths.js';
import { abortError, MediaError } from '@filmroom/vision/internal/media/media-error.js';
import type { Segment } from '@filmroom/vision/internal/media/segments.js';
import { synthesiseAudio, SYNTH_AUDIO_RATE } from './audio-track.js';
import { FrameDrawer } from './draw-frame.js';
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
  const path = join(options.outDir, `${name}.mp4`);
  const truthPath = join(options.outDir, `${name}.json`);
  try {
    return JSON.parse(await readFile(truthPath, 'utf8')) as GeneratedFilm;
  } catch {
    // Not cached yet.
  }
  await mkdir(options.outDir, { recursive: true });
  const profile = SPORT_PROFILES[options.sport];
  const rng = new Random(options.seed);
  const timeline = buildTimeline(profile, options.durationSec, rng);
  // Concurrent generators of the same film (parallel test runs) each write their own files and the
  // finished film is renamed into place, so a reader never sees a half-written cached film.
  const unique = `${process.pid}-${randomUUID()}`;
  const partialPath = join(options.outDir, `${name}.${unique}.partial.mp4`);
  const audioPath = join(options.outDir, `${name}.${unique}.f32`);
  if (!options.silent) {
    const audio = synthesiseAudio(profile, timeline, options.seed);
    await writeFile(audioPath, Buffer.from(audio.buffer, audio.byteOffset, audio.byteLength));
  }
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
  args.push(
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-s',
    `${drawWidth}x${drawHeight}`,
    '-r',
    String(fps),
    '-i',
    'pipe:0',
  );
  if (!options.silent)
    args.push('-f', 'f32le', '-ar', String(SYNTH_AUDIO_RATE), '-ac', '1', '-i', audioPath);
  args.push(
    '-vf',
    `scale=${width}:${height}:flags=bicubic`,
    '-c:v',
    'libx264',
    '-preset',
    'superfast',
    '-crf',
    '23',
  );
  args.push('-g', String(Math.round(fps * (options.keyframeSec ?? 2))), '-pix_fmt', 'yuv420p');
  if (!options.silent) args.push('-c:a', 'aac', '-b:a', '96k', '-ar', '48000');
  args.push('-movflags', '+faststart', '-t', String(options.durationSec), partialPath);
  const child = spawn(ffmpegPath(), args, { stdio: ['pipe', 'ignore', 'pipe'] });
  const stdin = child.stdin as Writable;
  let stderr = '';
  (child.stderr as Readable).on(
    'data',
    (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)),
  );
  let hasClosed = false;
  const closed = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      hasClosed = true;
      resolve(code);
    }),
  );
  stdin.on('error', () => undefined);
  const onAbort = (): void => {
    child.kill('SIGKILL');
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const scene = new Scene(profile, timeline, new Random(options.seed * 7 + 1));
    const drawer = new FrameDrawer(drawWidth, drawHeight, profile, options.seed);
    const frames = Math.round(options.durationSec * fps);
    const dt = 1 / fps;
    for (let i = 0; i < frames; i++) {
      if (options.signal?.aborted) throw abortError();
      const t = i * dt;
      scene.step(t, dt);
      const live = timeline.live.some((s) => t >= s.start && t < s.end);
      const data = drawer.draw(scene, t, live ? 0.04 : 0.12);
      if (!stdin.write(Buffer.from(data)) && !hasClosed) {
        await Promise.race([new Promise<void>((resolve) => stdin.once('drain', resolve)), closed]);
      }
    }
    stdin.end();
    const code = await closed;
    if (options.signal?.aborted) throw abortError();
    if (code !== 0)
      throw new MediaError('FFMPEG_FAILED', 'Could not encode the synthetic film.', stderr);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(partialPath, { force: true });
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    await rm(audioPath, { force: true });
  }
  const film: GeneratedFilm = {
    path,
    sport: options.sport,
    seed: options.seed,
    durationSec: options.durationSec,
    live: timeline.live,
    crowdShots: timeline.crowdShots,
    angleCuts: timeline.angleCuts,
    replays: timeline.replays,
  };
  await rename(partialPath, path);
  const partialTruthPath = `${truthPath}.${unique}.partial`;
  await writeFile(partialTruthPath, JSON.stringify(film, null, 2));
  await rename(partialTruthPath, truthPath);
  return film;
}
