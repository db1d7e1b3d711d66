import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateFilm, generateTrackingFilm, type GeneratedTrackingFilm } from '@filmroom/vision';

/** Generated films are cached in the git-ignored .cache folder and reused between runs. */
const FILM_DIR = fileURLToPath(new URL('../.cache/films', import.meta.url));

/** A synthetic volleyball film with live rallies and dead time between them. */
export async function gameFilm(durationSec: number): Promise<string> {
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

/** A still, silent picture: there is no live play in it, so the Inactivity Filter fails on it. */
export function stillFilm(name: string): string {
  mkdirSync(FILM_DIR, { recursive: true });
  const file = path.join(FILM_DIR, name);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=0x2e7d32:size=320x180:rate=15',
    '-t',
    '6',
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

/** A 720p game film with two teams whose players the real detector finds and whose numbers it reads. */
export function trackingFilm(): Promise<GeneratedTrackingFilm> {
  return generateTrackingFilm({ outDir: FILM_DIR, durationSec: 12 });
}
