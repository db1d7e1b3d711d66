import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stillFilm as cachedStillFilm } from '@filmroom/vision-lab/testing';

export { gameFilm, trackingFilm } from '@filmroom/vision-lab/testing';

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
