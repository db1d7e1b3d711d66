import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { ffmpegPath } from '../../media/ffmpeg-paths.js';
import { abortError, MediaError } from '../../media/media-error.js';
import { runProcess } from '../../media/run-process.js';
import type { Segment } from '../../media/segments.js';
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

/** Sets a film's display rotation in place (a stream copy: ffmpeg 5 drops the tag when encoding). */
async function tagDisplayRotation(file: string, degrees: number): Promise<void> {
  const tagged = `${file}.rotated.mp4`;
  const result = await runProcess(ffmpegPath(), [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    file,
    '-map',
    '0',
    '-c',
    'copy',
    '-metadata:s:v:0',
    `rotate=${degrees}`,
    '-movflags',
    '+faststart',
    tagged,
  ]);
  if (result.code !== 0) {
    await rm(tagged, { force: true });
    throw new MediaError('FFMPEG_FAILED', 'Could not set the display rotation.', result.stderr);
  }
  await rename(tagged, file);
}

/** Renders a deterministic film of the given style (its look drawn from the seed), cached on disk. */
export async function generateStyledFilm(
  options: GenerateStyledFilmOptions,
): Promise<GeneratedStyledFilm> {
  const figures = options.people === 'figures';
  const drawSuffix = figures ? `-figures-w${options.maxDrawWidth ?? 384}` : '';
  const name = `${options.style}-s${options.seed}-${options.durationSec}s-v3${drawSuffix}`;
  const path = join(options.outDir, `${name}.mp4`);
  const truthPath = join(options.outDir, `${name}.json`);
  try {
    return JSON.parse(await readFile(truthPath, 'utf8')) as GeneratedStyledFilm;
  } catch {
    // Not cached yet.
  }
  await mkdir(options.outDir, { recursive: true });
  // The style's name joins the seed, so seed 1 of two styles draws two unrelated looks.
  let styleHash = 2166136261;
  for (const ch of options.style) styleHash = Math.imul(styleHash ^ ch.charCodeAt(0), 16777619);
  const rng = new Random((options.seed * 2654435761) ^ styleHash);
  const look = sampleLook(options.style, rng);
  const timeline = buildStyledTimeline(look, options.durationSec, rng);
  const { drawWidth, drawHeight } = drawSize(look, options.maxDrawWidth ?? 384);
  const unique = `${process.pid}-${randomUUID()}`;
  const partialPath = join(options.outDir, `${name}.${unique}.partial.mp4`);
  const audioPath = join(options.outDir, `${name}.${unique}.f32`);
  if (look.sound) {
    const audio = synthesiseStyledAudio(look, timeline, options.seed);
    await writeFile(audioPath, Buffer.from(audio.buffer, audio.byteOffset, audio.byteLength));
  }
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
  args.push('-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${drawWidth}x${drawHeight}`);
  args.push('-r', String(look.fps), '-i', 'pipe:0');
  if (look.sound)
    args.push('-f', 'f32le', '-ar', String(STYLED_AUDIO_RATE), '-ac', '1', '-i', audioPath);
  args.push('-vf', outputFilter(look));
  args.push('-c:v', 'libx264', '-preset', 'superfast', '-crf', String(look.crf));
  if (look.maxKbps > 0)
    args.push('-maxrate', `${look.maxKbps}k`, '-bufsize', `${look.maxKbps * 2}k`);
  args.push('-g', String(Math.round(look.fps * look.keyframeSec)), '-pix_fmt', 'yuv420p');
  if (look.sound) args.push('-c:a', 'aac', '-b:a', '64k', '-ar', '48000');
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
  const onAbort = (): void => void child.kill('SIGKILL');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const scene = new StyledScene(look, timeline, new Random(options.seed * 7 + 3));
    const figureSet = figures ? await renderFigureSet(look) : undefined;
    const drawer = new StyledDrawer(drawWidth, drawHeight, look, scene, options.seed, figureSet);
    const frames = Math.round(options.durationSec * look.fps);
    const dt = 1 / look.fps;
    for (let i = 0; i < frames; i++) {
      if (options.signal?.aborted) throw abortError();
      const t = i * dt;
      scene.step(t, dt);
      const live = timeline.live.some((s) => t >= s.start && t < s.end);
      const data = drawer.draw(t, live ? 0.04 : 0.12);
      if (!stdin.write(Buffer.from(data)) && !hasClosed)
        await Promise.race([new Promise<void>((resolve) => stdin.once('drain', resolve)), closed]);
    }
    stdin.end();
    const code = await closed;
    if (options.signal?.aborted) throw abortError();
    if (code !== 0)
      throw new MediaError('FFMPEG_FAILED', 'Could not encode the styled film.', stderr);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(partialPath, { force: true });
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    await rm(audioPath, { force: true });
  }
  const film: GeneratedStyledFilm = {
    path,
    style: options.style,
    seed: options.seed,
    durationSec: options.durationSec,
    look,
    live: timeline.live,
    stretches: timeline.stretches,
  };
  if (look.displayRotation) await tagDisplayRotation(partialPath, look.displayRotation);
  await rename(partialPath, path);
  const partialTruth = `${truthPath}.${unique}.partial`;
  await writeFile(partialTruth, JSON.stringify(film, null, 2));
  await rename(partialTruth, truthPath);
  return film;
}
