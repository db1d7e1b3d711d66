import { generatedFilm } from '@filmroom/test-media';

// The repo's cached test films (shared with the browser tests and the benchmarks).
export { lyingHeaderFilm, scrambledFilm, stillFilm, truncatedFilm } from '@filmroom/test-media';

/** A generated volleyball game (320x180) with live rallies and dead time between them. */
export async function gameFilm(durationSec: 40 | 120 = 40): Promise<string> {
  return (await generatedFilm(`volleyball-${durationSec}s`)).path;
}

/** A 720p game with two teams of numbered players the detector finds, and its ground truth. */
export function trackingFilm() {
  return generatedFilm('tracking-12s');
}
