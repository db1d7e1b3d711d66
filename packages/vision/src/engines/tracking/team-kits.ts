// Player Tracking's teams: kits clustered into two, swapped kits, each team's colours named.
import { voteTrackNumber } from '../../perception/numbers/track-vote.js';
import { clusterTeams, type TeamClusters } from '../../perception/teams/cluster-teams.js';
import {
  medianLab,
  weightedMedianLab,
  type WeightedLab,
} from '../../perception/teams/kit-colours.js';
import { labDistance, labToHex, type Lab } from '../../perception/teams/lab-colour.js';
import { swappedKitTeam } from '../../perception/teams/swapped-kit.js';
import {
  correctColour,
  whiteBalanceGains,
  type LinearRgb,
} from '../../perception/teams/white-balance.js';
import { MIN_TEXT_PERSON_HEIGHT } from './read-schedule.js';
import type { Roster } from './roster.js';
import type { TrackHistory } from './track-history.js';
import { medianHeight } from './track-measures.js';
import type { TrackingPlayer, TrackingTeam } from './tracking-types.js';

/** Each track's jersey colour (the median of its kit samples), where it has any. */
export function jerseysOf(kept: readonly TrackHistory[]): Map<number, Lab> {
  const jerseyOf = new Map<number, Lab>();
  for (const r of kept) {
    const jersey = medianLab(r.kits.map((k) => k.jersey));
    if (jersey) jerseyOf.set(r.id, jersey);
  }
  return jerseyOf;
}

/**
 * How much a track's colour counts, by how large it was seen (its median height against the 90th
 * percentile of all tracks', squared): a person seen large gives a surer colour than a speck.
 */
function sizeWeights(kept: readonly TrackHistory[]): (r: TrackHistory) => number {
  const heights = kept.map((r) => medianHeight(r)).sort((a, b) => a - b);
  const typical = Math.max(1, heights[Math.floor(heights.length * 0.9)] ?? 1);
  return (r) => Math.min(1, medianHeight(r) / typical) ** 2;
}

/**
 * Clusters the jersey colours into teams, each track weighted by how often and how large it was seen:
 * a person seen large gives a surer colour than a speck in the stands: on real film the crowd and the
 * bench outnumber the players, and by count alone they made the teams.
 */
export function clusterKits(
  kept: readonly TrackHistory[],
  jerseyOf: ReadonlyMap<number, Lab>,
): TeamClusters {
  const sizeOf = sizeWeights(kept);
  return clusterTeams(
    kept
      .filter((r) => jerseyOf.has(r.id))
      .map((r) => ({ id: r.id, colour: jerseyOf.get(r.id)!, weight: r.kitCount * sizeOf(r) })),
  );
}

/**
 * Moves the tracks whose sampled jersey is their number (see `swappedKitTeam`) to their team;
 * returns them: they name no team's colour.
 */
export function reassignSwappedKits(
  kept: readonly TrackHistory[],
  jerseyOf: ReadonlyMap<number, Lab>,
  clusters: TeamClusters,
): Set<number> {
  const swapped = new Set<number>();
  for (const r of kept) {
    const letter = clusters.assignment.get(r.id);
    const jersey = jerseyOf.get(r.id);
    const accents = r.kits.map((k) => k.accent).filter((a): a is Lab => a !== null);
    const accent = accents.length * 2 >= r.kits.length ? medianLab(accents) : null;
    // only small players, read by the torso look: on their backs a number can cover most of the
    // band the kit colour is sampled from (see `swappedKitTeam`)
    if (!letter || !jersey || !accent || medianHeight(r) >= MIN_TEXT_PERSON_HEIGHT) continue;
    if (voteTrackNumber(r.reads).number === null) continue;
    const team = swappedKitTeam({ jersey, accent }, letter, clusters.teams);
    if (team === letter) continue;
    clusters.assignment.set(r.id, team);
    swapped.add(r.id);
  }
  return swapped;
}

/**
 * Each team's colours (shirts as lit, and shorts or accent) and its players' numbers. The colours are
 * weighted medians over the team's kit samples, each sample weighted by how large its person was
 * seen, and corrected for the light's cast (`lineWhite`): they are what the team is named by.
 */
export function describeTeams(
  clusters: TeamClusters,
  kept: readonly TrackHistory[],
  roster: Roster,
  swapped: ReadonlySet<number>,
  players: readonly TrackingPlayer[],
  lineWhite: LinearRgb | null,
): TrackingTeam[] {
  const numberedTracks = new Set(
    [...roster.byKey.values()].flatMap((e) => e.tracks.map((t) => t.id)),
  );
  const sizeOf = sizeWeights(kept);
  const gains = whiteBalanceGains(lineWhite);
  const samplesOf = (
    tracks: readonly TrackHistory[],
    pick: (k: TrackHistory['kits'][number]) => Lab | null,
  ): WeightedLab[] =>
    tracks.flatMap((r) =>
      r.kits.flatMap((k) => {
        const lab = pick(k);
        return lab ? [{ lab, weight: sizeOf(r) }] : [];
      }),
    );
  return clusters.teams.map((t) => {
    const members = kept.filter((r) => clusters.assignment.get(r.id) === t.letter);
    const shorts = weightedMedianLab(samplesOf(members, (k) => k.shorts));
    const accent = weightedMedianLab(samplesOf(members, (k) => k.accent));
    const secondary =
      shorts && labDistance(shorts, t.colour) > 15
        ? shorts
        : accent && labDistance(accent, t.colour) > 15
          ? accent
          : ([Math.min(100, t.colour[0] + 35), t.colour[1] * 0.5, t.colour[2] * 0.5] as Lab);
    // named by the shirts as lit (the clustering's centre is a mean that shadows grey and brown),
    // of its players whose number was read when there are any: the bench, the staff and the crowd
    // a cluster gathers pulled a red team's colour to light grey or pink
    const numbered = members.filter((r) => numberedTracks.has(r.id) && !swapped.has(r.id));
    const named = numbered.length > 0 ? numbered : members.filter((r) => !swapped.has(r.id));
    const lit = weightedMedianLab(samplesOf(named, (k) => k.lit ?? k.jersey));
    return {
      teamLetter: t.letter,
      primaryColor: labToHex(correctColour(lit ?? t.colour, gains)),
      secondaryColor: labToHex(correctColour(secondary, gains)),
      players: players.filter((p) => p.teamLetter === t.letter).map((p) => p.number),
    };
  });
}
