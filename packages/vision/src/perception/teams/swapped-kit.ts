import type { TeamLetter } from './cluster-teams.js';
import type { Lab } from './lab-colour.js';

/** A track's shirt colour and its second torso colour (the number, trim), as medians over its samples. */
export interface TrackKit {
  jersey: Lab;
  accent: Lab;
}

/** How far toward the other team a swapped jersey sits, as a share of the gap between the teams. */
const MIN_PULL = 0.1;

/** Where `p` projects on the line from `from` to `to`: 0 at `from`, 1 at `to`. */
function towards(p: Lab, from: Lab, to: Lab): number {
  let dot = 0;
  let len = 0;
  for (let k = 0; k < 3; k++) {
    const axis = (to[k] ?? 0) - (from[k] ?? 0);
    dot += ((p[k] ?? 0) - (from[k] ?? 0)) * axis;
    len += axis * axis;
  }
  return len > 0 ? dot / len : 0;
}

/**
 * The team of a numbered track whose kit reads swapped: on a small back the number (a team's
 * high-contrast second colour) can cover more of the torso than the shirt does, so the track's
 * "jersey" is the number and its "accent" the shirt — a white number on a dark shirt samples as a
 * white shirt. Such a track belongs to the other team when its second colour sits on the other
 * team's side (nearer the other team's shirt along the line between the two teams) and its jersey is
 * pulled from its team's colour toward the other team's (the blurred shirt mixed into the number's
 * pixels). Only for tracks a number was read on: without a number the second colour is as likely a
 * fold, a shadow or a neighbour; and not for a jersey on or beyond its team's colour, away from the
 * other team (a big player's shadowed shirt, whose dark second colour merely resembles a dark team).
 */
export function swappedKitTeam(
  kit: TrackKit,
  assigned: TeamLetter,
  teams: readonly { letter: TeamLetter; colour: Lab }[],
): TeamLetter {
  if (teams.length !== 2) return assigned;
  const own = teams.find((t) => t.letter === assigned);
  const other = teams.find((t) => t.letter !== assigned);
  if (!own || !other) return assigned;
  const swapped =
    towards(kit.jersey, own.colour, other.colour) >= MIN_PULL &&
    towards(kit.accent, own.colour, other.colour) > 0.5;
  return swapped ? other.letter : assigned;
}
