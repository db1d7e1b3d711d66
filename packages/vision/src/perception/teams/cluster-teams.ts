import { labDistance, type Lab } from './lab-colour.js';

export type TeamLetter = 'A' | 'B';

/** One tracked person's jersey colour and how much evidence it rests on (e.g. frames seen). */
export interface ColourItem {
  id: number;
  colour: Lab;
  weight: number;
}

export interface TeamClusters {
  /** Team centres, heavier team first ('A'). One entry when only one team is present. */
  teams: { letter: TeamLetter; colour: Lab }[];
  /** Team of each item; null for outliers (referees, goalkeepers, odd tracks). */
  assignment: Map<number, TeamLetter | null>;
}

function weightedKMeans(
  items: readonly ColourItem[],
  k: number,
): { centre: Lab; weight: number }[] {
  // k-means++ seeding, deterministic: heaviest item first, then the farthest weighted items
  const centres: Lab[] = [];
  const heaviest = items.reduce((a, b) => (b.weight > a.weight ? b : a));
  centres.push([...heaviest.colour] as Lab);
  while (centres.length < k) {
    let best: ColourItem | null = null;
    let bestScore = -1;
    for (const it of items) {
      const d = Math.min(...centres.map((c) => labDistance(c, it.colour)));
      const score = d * d * Math.sqrt(it.weight);
      if (score > bestScore) {
        bestScore = score;
        best = it;
      }
    }
    if (!best || bestScore <= 0) break;
    centres.push([...best.colour] as Lab);
  }
  let weights = centres.map(() => 0);
  for (let iter = 0; iter < 20; iter++) {
    const sums = centres.map((): Lab => [0, 0, 0]);
    weights = centres.map(() => 0);
    for (const it of items) {
      let ci = 0;
      centres.forEach((c, i) => {
        if (labDistance(c, it.colour) < labDistance(centres[ci]!, it.colour)) ci = i;
      });
      weights[ci] = (weights[ci] ?? 0) + it.weight;
      for (let ch = 0; ch < 3; ch++)
        sums[ci]![ch] = (sums[ci]![ch] ?? 0) + it.colour[ch]! * it.weight;
    }
    centres.forEach((c, i) => {
      const w = weights[i] ?? 0;
      if (w > 0) for (let ch = 0; ch < 3; ch++) c[ch] = sums[i]![ch]! / w;
    });
  }
  return centres
    .map((centre, i) => ({ centre, weight: weights[i] ?? 0 }))
    .sort((a, b) => b.weight - a.weight);
}

/**
 * Splits tracked people into two teams by jersey colour. Over-clusters (k = 4) so referees and
 * goalkeepers fall into small clusters of their own, keeps the two heaviest distinct clusters as the
 * teams, then admits each person to the nearest team only when clearly closer to it than to the other
 * team; the rest are outliers, which never move a team's colour.
 */
export function clusterTeams(items: readonly ColourItem[], minTeamShare = 0.1): TeamClusters {
  const assignment = new Map<number, TeamLetter | null>();
  for (const it of items) assignment.set(it.id, null);
  const fit = items.filter((it) => it.weight > 0);
  if (fit.length === 0) return { teams: [], assignment };
  const total = fit.reduce((s, it) => s + it.weight, 0);
  const clusters = weightedKMeans(fit, Math.min(4, fit.length));
  const teamCentres: Lab[] = [];
  for (const c of clusters) {
    if (c.weight < total * minTeamShare) continue;
    if (teamCentres.some((t) => labDistance(t, c.centre) < 10)) continue; // a team split in two
    teamCentres.push([...c.centre] as Lab);
    if (teamCentres.length === 2) break;
  }
  if (teamCentres.length === 0) teamCentres.push([...clusters[0]!.centre] as Lab);
  const gap = teamCentres.length === 2 ? labDistance(teamCentres[0]!, teamCentres[1]!) : 40;
  const admit = Math.min(22, Math.max(8, gap * 0.45));
  for (let iter = 0; iter < 4; iter++) {
    const sums = teamCentres.map((): Lab => [0, 0, 0]);
    const weights = teamCentres.map(() => 0);
    for (const it of items) {
      const d = teamCentres.map((c) => labDistance(c, it.colour));
      const ti = d.length === 2 && d[1]! < d[0]! ? 1 : 0;
      const ok = d[ti]! <= admit;
      assignment.set(it.id, ok ? (ti === 0 ? 'A' : 'B') : null);
      if (ok && it.weight > 0) {
        weights[ti] = weights[ti]! + it.weight;
        for (let ch = 0; ch < 3; ch++) sums[ti]![ch] = sums[ti]![ch]! + it.colour[ch]! * it.weight;
      }
    }
    teamCentres.forEach((c, i) => {
      if (weights[i]! > 0) for (let ch = 0; ch < 3; ch++) c[ch] = sums[i]![ch]! / weights[i]!;
    });
  }
  // letters: the team seen most is A
  const weightOf = (letter: TeamLetter): number =>
    items.filter((it) => assignment.get(it.id) === letter).reduce((s, it) => s + it.weight, 0);
  if (teamCentres.length === 2 && weightOf('B') > weightOf('A')) {
    teamCentres.reverse();
    for (const [id, letter] of assignment)
      assignment.set(id, letter === 'A' ? 'B' : letter === 'B' ? 'A' : null);
  }
  return {
    teams: teamCentres.map((colour, i) => ({ letter: i === 0 ? 'A' : 'B', colour })),
    assignment,
  };
}
