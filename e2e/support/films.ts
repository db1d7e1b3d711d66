import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generatedFilm, stillFilm as cachedStillFilm } from '@filmroom/test-media';

/** A generated volleyball game (320x180) with live rallies and dead time between them. */
export async function gameFilm(durationSec: 40 | 120 = 40): Promise<string> {
  return (await generatedFilm(`volleyball-${durationSec}s`)).path;
}

/** A 720p game with two teams of numbered players the detector finds, and its ground truth. */
export function trackingFilm() {
  return generatedFilm('tracking-12s');
}

/** A copy of a cached film under the file name the test uploads it as (the title it gets). */
export async function asFile(film: string, name: string): Promise<string> {
  const copy = path.join(await mkdtemp(path.join(tmpdir(), 'filmroom-e2e-film-')), name);
  await copyFile(film, copy);
  return copy;
}

/** A still, silent picture named `name`: there is no live play in it, so the Inactivity Filter fails on it. */
export async function stillFilm(name: string): Promise<string> {
  return asFile(await cachedStillFilm(), name);
}
