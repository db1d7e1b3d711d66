import { CenterNetDetector } from '@filmroom/vision/perception';
import type { SynthFilmTruth, TeamLetter } from './film-types.js';
import { cachedSynthFilm } from './render-synth-film.js';
import { CLEAR_KITS } from './scenarios.js';

export interface GenerateTrackingFilmOptions {
  /** Folder the film and its truth are cached in (reused when already there). */
  outDir: string;
  durationSec?: number;
  playersPerTeam?: number;
  seed?: number;
}

export interface GeneratedTrackingFilm {
  path: string;
  durationSec: number;
  /** Jersey numbers on each team, as the film was made. */
  numbers: Record<TeamLetter, number[]>;
  truth: SynthFilmTruth;
}

/**
 * A short 720p game film with two teams in clearly different kits whose players the real detector finds
 * (drawn athlete figures), for tests of Player Tracking end to end.
 */
export async function generateTrackingFilm(
  options: GenerateTrackingFilmOptions,
): Promise<GeneratedTrackingFilm> {
  const scenario = {
    ...CLEAR_KITS,
    name: `tracking-test-${options.playersPerTeam ?? 3}`,
    seed: options.seed ?? 5,
    durationSec: options.durationSec ?? 12,
    playersPerTeam: options.playersPerTeam ?? 3,
    withReferee: false,
    withKeeper: false,
    sprites: 'drawn' as const,
  };
  let detector: CenterNetDetector | undefined;
  try {
    const { videoPath, truth } = await cachedSynthFilm(
      scenario,
      async () => (detector ??= await CenterNetDetector.create()),
      options.outDir,
    );
    const numbersOf = (team: TeamLetter) =>
      truth.players
        .filter((p) => p.teamLetter === team && p.number !== null)
        .map((p) => p.number as number)
        .sort((a, b) => a - b);
    return {
      path: videoPath,
      durationSec: truth.durationSec,
      numbers: { A: numbersOf('A'), B: numbersOf('B') },
      truth,
    };
  } finally {
    await detector?.close();
  }
}
