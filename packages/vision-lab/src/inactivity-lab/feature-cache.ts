import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  extractFilmFeatures,
  FEATURE_COLUMNS,
  type FeatureColumn,
  type FilmFeatures,
  ANALYSIS_FPS,
  ANALYSIS_WIDTH,
} from '@filmroom/vision/inactivity';
import { probeVideo } from '@filmroom/vision/media';

/** Bump when the per-frame measurements change, so cached features are measured again. */
export const FEATURE_VERSION = 14;

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const FEATURE_CACHE_DIR = join(packageDir, '.cache', 'features');

/**
 * A film's per-frame features, measured once and kept in the git-ignored cache (keyed by path, size,
 * modification time and FEATURE_VERSION): training and scoring the decision then takes seconds.
 */
export async function cachedFeatures(
  path: string,
  width = Number(process.env.FEATURE_WIDTH ?? ANALYSIS_WIDTH),
): Promise<FilmFeatures> {
  const info = await stat(path);
  // FEATURE_WIDTH measures at another analysis width (to compare widths on the same films).
  const widthKey = width === ANALYSIS_WIDTH ? '' : `:w${width}`;
  const key = createHash('sha1')
    .update(`${resolve(path)}:${info.size}:${info.mtimeMs}:${FEATURE_VERSION}${widthKey}`)
    .digest('hex')
    .slice(0, 16);
  const file = join(FEATURE_CACHE_DIR, `${key}.json`);
  try {
    return decode(JSON.parse(await readFile(file, 'utf8')) as Stored);
  } catch {
    // Not measured yet.
  }
  const media = await probeVideo(path);
  const features = await extractFilmFeatures({
    input: path,
    info: media,
    fps: ANALYSIS_FPS,
    width,
  });
  await mkdir(FEATURE_CACHE_DIR, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, JSON.stringify(encode(features, media.durationSec)));
  await rename(partial, file);
  return features;
}

interface Stored {
  fps: number;
  count: number;
  hasAudio: boolean;
  durationSec: number;
  columns: Record<string, number[]>;
  /** FilmFeatures.colours, base64. */
  colours: string;
}

function encode(f: FilmFeatures, durationSec: number): Stored {
  const columns: Record<string, number[]> = {};
  for (const name of FEATURE_COLUMNS)
    columns[name] = Array.from(f[name], (v) => Math.round(v * 1e6) / 1e6);
  const colours = Buffer.from(f.colours.buffer, f.colours.byteOffset, f.colours.byteLength);
  return {
    fps: f.fps,
    count: f.count,
    hasAudio: f.hasAudio,
    durationSec,
    columns,
    colours: colours.toString('base64'),
  };
}

function decode(s: Stored): FilmFeatures {
  const arrays = Object.fromEntries(
    FEATURE_COLUMNS.map((name) => [name, Float32Array.from(s.columns[name] ?? [])]),
  ) as Record<FeatureColumn, Float32Array>;
  const colours = new Uint8Array(Buffer.from(s.colours ?? '', 'base64'));
  return { fps: s.fps, count: s.count, hasAudio: s.hasAudio, ...arrays, colours };
}
