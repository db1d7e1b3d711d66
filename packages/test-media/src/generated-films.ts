import { access, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { testFilmDir } from './ffmpeg-films.js';

/**
 * The films the lab's generators make for tests, by name, with what each is for. The lab's
 * `make:test-films` script makes every one (once per run: the test command runs it first) and writes
 * its description as `generated/<name>.json` in the film folder: the film's file (relative to the
 * folder) and the generator's ground truth.
 */
export const GENERATED_FILMS = {
  'volleyball-40s': 'volleyball, seed 3, 40 s at 320x180 and 15 fps: live rallies and dead time',
  'volleyball-60s': 'the same game, 60 s',
  'volleyball-120s': 'the same game, 120 s',
  'football-75s': 'American football, seed 5, 75 s at 320x180 and 15 fps',
  'soccer-silent-60s': 'soccer, seed 7, 60 s at 320x180 and 15 fps, without sound',
  'volleyball-16s-360p': 'volleyball, seed 3, 16 s at 640x360 and 15 fps: for reframed copies',
  'tracking-12s': 'a 12-s 720p game with two teams of numbered players the detector finds',
} as const;

export type GeneratedFilmName = keyof typeof GENERATED_FILMS;

/** A stretch of a film, in seconds. */
export interface Stretch {
  start: number;
  end: number;
}

/** What a generated game film is known to hold (exactly: it was drawn that way). */
export interface GameFilmTruth {
  sport: string;
  seed: number;
  durationSec: number;
  /** When the ball is live. */
  live: Stretch[];
  crowdShots: Stretch[];
  angleCuts: number[];
  /** Slow-motion replays: dead time that looks like play. */
  replays: Stretch[];
}

/** What a generated tracking film holds: its teams' numbers and every player's box in every frame. */
export interface TrackingFilmTruth {
  durationSec: number;
  numbers: Record<'A' | 'B', number[]>;
  truth: {
    fps: number;
    durationSec: number;
    width: number;
    height: number;
    players: { id: number; teamLetter: 'A' | 'B' | null; number: number | null }[];
    frames: {
      timeSec: number;
      boxes: { id: number; box: [number, number, number, number]; numberVisible: boolean }[];
    }[];
  };
}

/** Each generated film's ground truth (the lab's generators are checked against these). */
export type GeneratedFilmTruths = {
  [N in GeneratedFilmName]: N extends 'tracking-12s' ? TrackingFilmTruth : GameFilmTruth;
};

/** A generated film: its file and its ground truth. */
export type GeneratedFilm<N extends GeneratedFilmName> = GeneratedFilmTruths[N] & { path: string };

/** Where the description of the generated film `name` is written. */
export function generatedFilmDescription(name: GeneratedFilmName): string {
  return join(testFilmDir(), 'generated', `${name}.json`);
}

/** The description to write for a film made at `path` with ground truth `truth`. */
export function describeGeneratedFilm(path: string, truth: object): string {
  return JSON.stringify({ ...truth, file: relative(testFilmDir(), path) });
}

/** The generated film `name` and its ground truth; throws, saying how to make it, when it is not made. */
export async function generatedFilm<N extends GeneratedFilmName>(
  name: N,
): Promise<GeneratedFilm<N>> {
  try {
    const described = JSON.parse(await readFile(generatedFilmDescription(name), 'utf8')) as {
      file: string;
    };
    const path = join(testFilmDir(), described.file);
    await access(path);
    return { ...(described as unknown as GeneratedFilmTruths[N]), path };
  } catch {
    throw new Error(
      `The generated test film "${name}" is not made yet: run \`npm run make:test-films\` (the test command does).`,
    );
  }
}
