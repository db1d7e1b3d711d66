import type { Box, TeamLetter } from '@filmroom/vision/perception';
import type { Kit, SpriteRole } from './recolour-sprite.js';

export type { TeamLetter };

export interface SynthPlayer {
  id: number;
  role: SpriteRole;
  /** Team of an outfield player; null for the referee (keepers belong to a team but wear other colours). */
  teamLetter: TeamLetter | null;
  number: number | null;
}

export interface SynthFrameTruth {
  timeSec: number;
  /** Players at least half inside the frame, with their exact tight boxes. */
  boxes: { id: number; box: Box; numberVisible: boolean }[];
}

/** Exact ground truth of a synthetic film. */
export interface SynthFilmTruth {
  name: string;
  width: number;
  height: number;
  fps: number;
  durationSec: number;
  kits: Record<TeamLetter, Kit>;
  lighting?: Lighting;
  players: SynthPlayer[];
  frames: SynthFrameTruth[];
}

export interface SynthScenario {
  name: string;
  seed: number;
  durationSec: number;
  kits: Record<TeamLetter, Kit>;
  playersPerTeam: number;
  withReferee: boolean;
  withKeeper: boolean;
  /**
   * Where the players' sprites come from: figures drawn by the repo ('drawn', the default, what the
   * test suite uses), or people cut from a real broadcast frame of the shared media ('broadcast-frame').
   */
  sprites?: 'drawn' | 'broadcast-frame';
  /** The light the film is shot under (see `LIGHTS`); default a neutral daylight. */
  lighting?: Lighting;
}

/**
 * A coloured light over the whole picture, as a camera left on a fixed white balance records it:
 * per-channel gains in linear light, exposure included.
 */
export type Lighting = 'neutral' | 'warm-floodlight' | 'cool-shade' | 'indoor-tungsten';
