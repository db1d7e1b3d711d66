import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { generateFilm, generateTrackingFilm, type GeneratedTrackingFilm } from '@filmroom/vision';

const run = promisify(execFile);

/** Generated media stays in the git-ignored cache and is reused between runs. */
export const FILM_DIR = fileURLToPath(new URL('../../.cache/films', import.meta.url));

/** A 40 s synthetic volleyball film (320x180) with live rallies and dead time between them. */
export async function gameFilm(durationSec = 40): Promise<string> {
  const film = await generateFilm({
    sport: 'volleyball',
    seed: 3,
    durationSec,
    width: 320,
    height: 180,
    fps: 15,
    outDir: FILM_DIR,
  });
  return film.path;
}

/** A 720p game film with two teams whose players the real detector finds and whose numbers it reads. */
export function trackingFilm(): Promise<GeneratedTrackingFilm> {
  return generateTrackingFilm({ outDir: FILM_DIR, durationSec: 12 });
}

/** A still, silent picture: there is no live play in it. */
export async function stillFilm(seconds = 6): Promise<string> {
  await mkdir(FILM_DIR, { recursive: true });
  // One file per call: test projects run in parallel and must not overwrite each other's film.
  const file = path.join(FILM_DIR, `still-${seconds}s-${randomUUID()}.mp4`);
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=0x2e7d32:size=320x180:rate=15`,
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return file;
}
