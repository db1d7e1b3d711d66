import type { TeamLetter } from './cluster-teams.js';
import { labDistance, type Lab } from './lab-colour.js';

/** A track's shirt colour and its second torso colour (the number, trim), as medians over its samples. */
export interface TrackKit {
  jersey: Lab;
  accent: Lab;
}

/**
 * The team of a numbered track whose kit reads swapped: on a small back the number (a team's
 * high-contrast second colour) can cover more of the torso than the shirt does, so the track's
 * "jersey" is the number and its "accent" the shirt — a white number on a dark shirt samples as a
 * white shirt. Such a track belongs to the other team when its second colour fits that team's shirt
 * better than its own jersey fits the team it was put in. Only for tracks a number was read on:
 * without a number the second colour is as likely a fold, a shadow or a neighbour.
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
  const accentToOther = labDistance(kit.accent, other.colour);
  const swapped =
    accentToOther < labDistance(kit.accent, own.colour) &&
    accentToOther < labDistance(kit.jersey, own.colour);
  return swapped ? other.letter : assigned;
}
