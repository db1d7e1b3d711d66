/**
 * Makes every film of test-media's GENERATED_FILMS with the lab's generators, once (a film already
 * made is kept), and writes its ground truth beside it: the test command runs this before the suites,
 * so each film is made once per run and no suite depends on the lab.
 *
 *   npm run make:test-films -w @filmroom/vision-lab
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  describeGeneratedFilm,
  GENERATED_FILMS,
  generatedFilmDescription,
  testFilmDir,
  type GeneratedFilm,
  type GeneratedFilmName,
} from '@filmroom/test-media';
import { generateFilm, type GenerateFilmOptions } from '../synth/generate-film.js';
import { generateTrackingFilm } from '../synth-tracking/generate-tracking-film.js';

const small = (options: Omit<GenerateFilmOptions, 'outDir'>) => (outDir: string) =>
  generateFilm({ width: 320, height: 180, fps: 15, ...options, outDir });

/** How each named film is made: its generator and settings (the film's path comes back with it). */
const MAKERS: {
  [N in GeneratedFilmName]: (outDir: string) => Promise<GeneratedFilm<N>>;
} = {
  'volleyball-40s': small({ sport: 'volleyball', seed: 3, durationSec: 40 }),
  'volleyball-60s': small({ sport: 'volleyball', seed: 3, durationSec: 60 }),
  'volleyball-120s': small({ sport: 'volleyball', seed: 3, durationSec: 120 }),
  'football-75s': small({ sport: 'football', seed: 5, durationSec: 75 }),
  'soccer-silent-60s': small({ sport: 'soccer', seed: 7, durationSec: 60, silent: true }),
  'volleyball-16s-360p': (outDir) =>
    generateFilm({
      sport: 'volleyball',
      seed: 3,
      durationSec: 16,
      width: 640,
      height: 360,
      fps: 15,
      outDir,
    }),
  'tracking-12s': (outDir) => generateTrackingFilm({ outDir, durationSec: 12 }),
};

async function main(): Promise<void> {
  const started = performance.now();
  const names = Object.keys(GENERATED_FILMS) as GeneratedFilmName[];
  for (const name of names) {
    // the generators keep their own cache in the film folder: a film made before is not made again
    const { path, ...truth } = await MAKERS[name](testFilmDir());
    const description = generatedFilmDescription(name);
    await mkdir(dirname(description), { recursive: true });
    await writeFile(`${description}.partial`, describeGeneratedFilm(path, truth));
    await rename(`${description}.partial`, description);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`${names.length} generated test films in ${testFilmDir()} (${seconds} s)`);
}

await main();
