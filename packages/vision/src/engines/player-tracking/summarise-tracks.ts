import {
  voteTrackNumber,
  type NumberObservation,
  type TrackNumber,
} from '../../perception/numbers/track-vote.js';
import {
  clusterTeams,
  type TeamClusters,
  type TeamLetter,
} from '../../perception/teams/cluster-teams.js';
import {
  medianLab,
  weightedMedianLab,
  type WeightedLab,
} from '../../perception/teams/kit-colours.js';
import { swappedKitTeam } from '../../perception/teams/swapped-kit.js';
import { labDistance, labToHex, type Lab } from '../../perception/teams/lab-colour.js';
import {
  correctColour,
  whiteBalanceGains,
  type LinearRgb,
} from '../../perception/teams/white-balance.js';
import { appearancesFromSightings, spanEdgeTimes, type PictureTimeline } from './appearances.js';
import { MIN_TEXT_PERSON_HEIGHT } from './read-schedule.js';
import { splitSwitchedTrack } from './split-switched-tracks.js';
import { stitchFragments, type StitchCandidate } from './stitch-tracks.js';
import { isListed, surelyReadNumber } from './sure-number.js';
import type { TrackHistory } from './track-history.js';
import { medianHeight, overlaps, sightingsOf, toSourcePixels } from './track-measures.js';
import { listUnnumberedPlayers } from './unnumbered-players.js';
import type {
  TrackDetail,
  TrackingAnalysis,
  TrackingPlayer,
  TrackingTeam,
} from './tracking-types.js';

export interface SummariseOptions {
  durationSec: number;
  sampleIntervalSec: number;
  /** Source pixels per analysis pixel. */
  scale: number;
  /** Where the picture was at each analysed frame: tells hidden players from players gone. */
  picture: PictureTimeline;
  /** The tracks left out before the summary (too short to keep), as far as the summary asks. */
  dropped?: DroppedTracks;
  /**
   * Tracks seen fewer times are noise (a flicker of a false detection), unless the start or the
   * end of the analysed footage cut them short: those count from two sightings.
   */
  minTrackSamples?: number;
  includeTracks?: boolean;
  /**
   * The colour of the lines on the playing surface (linear RGB, see `filmLineWhite`): the light's
   * cast, taken out of the team colours before they are named. Null or absent: no correction.
   */
  lineWhite?: LinearRgb | null;
  /**
   * Every analysed frame showed the same picture (a still made a film): its reads are of one moment
   * (see `isSurelyRead`). Default false.
   */
  still?: boolean;
}

type Result = Omit<TrackingAnalysis, 'timings'> & {
  /** Each listed player's surest read (the one `best` shows), by `teamLetter:number`. */
  bestReads: Map<string, NumberObservation>;
};

/**
 * Of the tracks left out before the summary (seen once), the largest id. None of them read a
 * number surely: one sighting is one moment (see `surelyReadNumber`).
 */
export interface DroppedTracks {
  maxId: number;
}

interface PlayerEntry {
  letter: TeamLetter;
  number: number;
  tracks: TrackHistory[];
  confidence: number;
  best: TrackingPlayer['best'];
  bestConf: number;
  /** The read behind `best`. */
  bestRead: NumberObservation | null;
}

/**
 * A player resting on a single read that continues, in place and time, a player of the same team
 * whose number differs by one digit is that player misread: an edge beside the number taken for a
 * '1' (9 read as 19) or a digit hidden by a turn or cut off by the crop (21 read as 2, 10 as 0).
 * The lone player's tracks join the other player's.
 */
function absorbOneDigitMisreads(
  byKey: Map<string, PlayerEntry>,
  votes: ReadonlyMap<number, TrackNumber>,
): void {
  const lone = [...byKey].filter(
    ([, e]) => e.tracks.reduce((n, t) => n + (votes.get(t.id)?.winnerReads ?? 0), 0) === 1,
  );
  if (lone.length === 0) return;
  const loneKeys = new Set(lone.map(([key]) => key));
  const joins = stitchFragments(
    [...byKey].flatMap(([key, e]) =>
      e.tracks.map((record) =>
        loneKeys.has(key)
          ? { record, teamLetter: e.letter, key: null, weakNumber: e.number }
          : { record, teamLetter: e.letter, key },
      ),
    ),
  );
  for (const [key, e] of lone) {
    const targets = new Set(e.tracks.map((t) => joins.get(t.id)));
    const [target] = targets;
    const into = target && targets.size === 1 ? byKey.get(target) : undefined;
    if (!into || into.tracks.some((t) => e.tracks.some((u) => overlaps(t, u)))) continue;
    into.tracks.push(...e.tracks);
    byKey.delete(key);
  }
}

/** Turns finished tracks into teams (colours), players (numbers) and their on-screen time. */
export function summariseTracks(records: readonly TrackHistory[], o: SummariseOptions): Result {
  const kept = keepTracks(records, o);
  const jerseyOf = jerseysOf(kept);
  const clusters = clusterKits(kept, jerseyOf);
  const swapped = reassignSwappedKits(kept, jerseyOf, clusters);
  const roster = new Roster(o.scale);
  const sorted = sortByTeam(kept, clusters, roster, o.includeTracks);
  const still = o.still ?? false;
  const outliers = rescueOutliers(sorted, jerseyOf, clusters, roster, still);
  absorbOneDigitMisreads(roster.byKey, sorted.votes);
  const unreadable = joinUnreadTracks(sorted, roster);
  joinNumberAcrossTeams(roster, sorted, clusters);
  dropUnlistedPlayers(roster, sorted, still);
  const players = listPlayers(roster, o);
  const unnumbered = listUnnumberedPlayers(unnumberedTracks(sorted, roster), o);
  const teams = describeTeams(clusters, kept, roster, swapped, players, o.lineWhite ?? null);
  const bestReads = new Map(
    [...roster.byKey].flatMap(([key, e]) => (e.bestRead ? [[key, e.bestRead] as const] : [])),
  );
  return {
    bestReads,
    durationSec: Math.round(o.durationSec * 1000) / 1000,
    teams,
    players,
    unnumbered,
    stats: {
      sampledFrames: 0,
      tracks: kept.length,
      teamTracks: kept.length - outliers,
      outlierTracks: outliers,
      unreadableTracks: unreadable,
    },
    ...(o.includeTracks ? { tracks: sorted.details, picture: o.picture } : {}),
  };
}

/**
 * Splits the tracks that switched from one numbered player to another, then drops the noise: tracks
 * seen fewer than `minTrackSamples` times, unless the footage's start or end cut them short.
 */
function keepTracks(records: readonly TrackHistory[], o: SummariseOptions): TrackHistory[] {
  const minSamples = o.minTrackSamples ?? 3;
  const spanEdges = spanEdgeTimes(o.picture, o.sampleIntervalSec);
  let nextId = records.reduce((m, r) => Math.max(m, r.id), o.dropped?.maxId ?? 0) + 1;
  const surelyWornBy = new Map<number, Set<number>>();
  const wears = (id: number, number: number): void => {
    surelyWornBy.set(number, (surelyWornBy.get(number) ?? new Set()).add(id));
  };
  for (const r of records) {
    const number = surelyReadNumber(voteTrackNumber(r.reads), o.still ?? false);
    if (number !== null) wears(r.id, number);
  }
  return records
    .flatMap((r) =>
      splitSwitchedTrack(
        r,
        () => nextId++,
        (n) => [...(surelyWornBy.get(n) ?? [])].some((id) => id !== r.id),
      ),
    )
    .filter(
      (r) =>
        r.samples >= minSamples ||
        (r.samples >= 2 && (spanEdges.has(r.firstSec) || spanEdges.has(r.lastSec))),
    );
}

/** Each track's jersey colour (the median of its kit samples), where it has any. */
function jerseysOf(kept: readonly TrackHistory[]): Map<number, Lab> {
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
function clusterKits(
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
function reassignSwappedKits(
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

/** The players found so far, by team and number, with the tracks that are theirs. */
class Roster {
  readonly byKey = new Map<string, PlayerEntry>();

  /** `scale`: source pixels per analysis pixel. */
  constructor(readonly scale: number) {}

  /** The player of that number in that team, if any. */
  get(letter: TeamLetter, number: number): PlayerEntry | undefined {
    return this.byKey.get(`${letter}:${number}`);
  }

  /** Adds a track to the player its number names in its team (none when it has no number). */
  add(r: TrackHistory, letter: TeamLetter, vote: TrackNumber): void {
    if (vote.number === null || !vote.best) return;
    const key = `${letter}:${vote.number}`;
    const entry = this.byKey.get(key) ?? {
      letter,
      number: vote.number,
      tracks: [],
      confidence: 0,
      best: { time: 0, box: [0, 0, 0, 0] },
      bestConf: -1,
      bestRead: null,
    };
    entry.tracks.push(r);
    entry.confidence = Math.max(entry.confidence, vote.confidence);
    if (vote.best.confidence > entry.bestConf) {
      entry.bestConf = vote.best.confidence;
      entry.bestRead = vote.best;
      const [x, y, w, h] = vote.best.box;
      entry.best = {
        time: Math.round(vote.best.timeSec * 1000) / 1000,
        box: [
          Math.round(x * this.scale),
          Math.round(y * this.scale),
          Math.round(w * this.scale),
          Math.round(h * this.scale),
        ],
      };
    }
    this.byKey.set(key, entry);
  }
}

/** The tracks as first sorted: by team, with their numbers (votes) and, when asked, their detail. */
interface SortedTracks {
  votes: Map<number, TrackNumber>;
  details: TrackDetail[];
  teamTracks: { record: TrackHistory; teamLetter: TeamLetter }[];
  /** Tracks whose kit is no team's. */
  outlierTracks: TrackHistory[];
}

/** Votes each track's number and adds the tracks of a team to its players. */
function sortByTeam(
  kept: readonly TrackHistory[],
  clusters: TeamClusters,
  roster: Roster,
  includeTracks: boolean | undefined,
): SortedTracks {
  const sorted: SortedTracks = { votes: new Map(), details: [], teamTracks: [], outlierTracks: [] };
  for (const r of kept) {
    const letter = clusters.assignment.get(r.id) ?? null;
    const vote = voteTrackNumber(r.reads);
    sorted.votes.set(r.id, vote);
    if (includeTracks) {
      sorted.details.push({
        id: r.id,
        teamLetter: letter,
        number: letter ? vote.number : null,
        confidence: vote.confidence,
        path: [...r.path],
        offsets: [...r.offsets],
        reads: r.reads.map((x) => ({
          time: x.timeSec,
          number: x.number,
          confidence: x.confidence,
        })),
      });
    }
    if (!letter) {
      sorted.outlierTracks.push(r);
      continue;
    }
    sorted.teamTracks.push({ record: r, teamLetter: letter });
    roster.add(r, letter, vote);
  }
  return sorted;
}

/**
 * A track whose kit colour was off (an occlusion, motion blur) but whose number is surely that of
 * a player of the nearer team, never on screen with that player, is that player: numbers are
 * unique within a team, and referees wear none. Returns how many outliers remain.
 */
function rescueOutliers(
  sorted: SortedTracks,
  jerseyOf: ReadonlyMap<number, Lab>,
  clusters: TeamClusters,
  roster: Roster,
  still: boolean,
): number {
  let outliers = 0;
  for (const r of sorted.outlierTracks) {
    const vote = sorted.votes.get(r.id)!;
    const jersey = jerseyOf.get(r.id);
    const nearest = jersey
      ? clusters.teams.reduce<(typeof clusters.teams)[number] | undefined>(
          (a, t) => (!a || labDistance(t.colour, jersey) < labDistance(a.colour, jersey) ? t : a),
          undefined,
        )
      : undefined;
    const playerIn = (letter: TeamLetter): PlayerEntry | undefined =>
      vote.number !== null ? roster.get(letter, vote.number) : undefined;
    // the other team's player of that number, when the nearer team has none: the colour was off
    const other = clusters.teams.find((t) => t.letter !== nearest?.letter && playerIn(t.letter));
    const team = nearest && !playerIn(nearest.letter) && other ? other : nearest;
    const player = team ? playerIn(team.letter) : undefined;
    // a number read again and again (at two moments) that no team has yet is a player's, whatever
    // the colour estimate made of the kit (a shadowed, side-lit or small player falls outside both
    // team colours; referees wear none): it joins the nearer team
    const surelyNumbered = surelyReadNumber(vote, still) !== null;
    if (!team || (!player && !surelyNumbered) || player?.tracks.some((t) => overlaps(t, r))) {
      outliers++;
      continue;
    }
    clusters.assignment.set(r.id, team.letter);
    const detail = sorted.details.find((d) => d.id === r.id);
    if (detail) {
      detail.teamLetter = team.letter;
      detail.number = vote.number;
    }
    sorted.teamTracks.push({ record: r, teamLetter: team.letter });
    roster.add(r, team.letter, vote);
  }
  return outliers;
}

/**
 * Stitches the team tracks whose number was never read to the player they continue (in place and
 * time, never on screen together); numbers the track details. Returns how many stay unread.
 */
function joinUnreadTracks(sorted: SortedTracks, roster: Roster): number {
  const playerOfTrack = new Map(
    [...roster.byKey].flatMap(([key, e]) => e.tracks.map((t) => [t.id, key] as const)),
  );
  const candidates: StitchCandidate[] = sorted.teamTracks.map((c) => ({
    ...c,
    key: playerOfTrack.get(c.record.id) ?? null,
  }));
  let unreadable = 0;
  const stitched = stitchFragments(candidates);
  for (const c of candidates) {
    if (c.key !== null) continue;
    const key = stitched.get(c.record.id);
    const entry = key ? roster.byKey.get(key) : undefined;
    const clash = entry?.tracks.some(
      (t) => t.firstSec < c.record.lastSec && c.record.firstSec < t.lastSec,
    );
    if (!entry || clash) {
      unreadable++;
      continue;
    }
    entry.tracks.push(c.record);
    const detail = sorted.details.find((d) => d.id === c.record.id);
    if (detail) detail.number = entry.number;
  }
  for (const d of sorted.details) {
    const key = d.teamLetter ? playerOfTrack.get(d.id) : undefined;
    if (key) d.number = roster.byKey.get(key)!.number;
  }
  return unreadable;
}

/**
 * A number listed in both teams whose two players are never on screen together is one player whose
 * kit was misjudged on some of his tracks (a large white number on a dark back samples as a white
 * shirt): the player with less support for the number (summed confidence of its reads) joins the
 * other, with its tracks. Two players of one number seen at the same time are two players.
 */
function joinNumberAcrossTeams(roster: Roster, sorted: SortedTracks, clusters: TeamClusters): void {
  const support = (e: PlayerEntry): number =>
    e.tracks.reduce((sum, t) => sum + (sorted.votes.get(t.id)?.scores.get(e.number) ?? 0), 0);
  const entries = [...roster.byKey.values()];
  for (const a of entries) {
    const b = entries.find((e) => e !== a && e.number === a.number && e.letter !== a.letter);
    if (
      !b ||
      !roster.byKey.has(`${a.letter}:${a.number}`) ||
      !roster.byKey.has(`${b.letter}:${b.number}`)
    )
      continue;
    if (a.tracks.some((t) => b.tracks.some((u) => overlaps(t, u)))) continue;
    const [from, into] = support(a) > support(b) ? [b, a] : [a, b];
    for (const t of from.tracks) {
      clusters.assignment.set(t.id, into.letter);
      const detail = sorted.details.find((d) => d.id === t.id);
      if (detail) detail.teamLetter = into.letter;
    }
    into.tracks.push(...from.tracks);
    into.confidence = Math.max(into.confidence, from.confidence);
    if (from.bestConf > into.bestConf) {
      into.bestConf = from.bestConf;
      into.best = from.best;
      into.bestRead = from.bestRead;
    }
    roster.byKey.delete(`${from.letter}:${from.number}`);
  }
}

/**
 * Drops the players whose number no two independent reads back: in a film, the reads of the number
 * on all of the player's tracks must come from two moments (`isListed`). One read, or a pose read
 * twice in a row, is how a fold of the shirt or a half-seen number becomes a player nobody wears.
 * Their tracks stay, unnumbered.
 */
function dropUnlistedPlayers(roster: Roster, sorted: SortedTracks, still: boolean): void {
  for (const [key, e] of roster.byKey) {
    const times = e.tracks.flatMap((t) => {
      const vote = sorted.votes.get(t.id);
      return vote?.number === e.number ? vote.winnerTimes : [];
    });
    if (isListed(times, still)) continue;
    roster.byKey.delete(key);
    for (const t of e.tracks) {
      const detail = sorted.details.find((d) => d.id === t.id);
      if (detail) detail.number = null;
    }
  }
}

/** The players by team and number, each with when it is on screen and its path in source pixels. */
function listPlayers(roster: Roster, o: SummariseOptions): TrackingPlayer[] {
  return [...roster.byKey.values()]
    .map((e) => ({
      id: `${e.letter}-${e.number}`,
      teamLetter: e.letter,
      number: e.number,
      confidence: Math.round(e.confidence * 1000) / 1000,
      // one player's tracks are one series of sightings: a gap between two of them is judged as
      // a gap within a track
      appearances: appearancesFromSightings(e.tracks.flatMap(sightingsOf), o),
      best: e.best,
      path: e.tracks
        .flatMap((t) => t.path.map((p) => toSourcePixels(p, o.scale)))
        .sort((a, b) => a[0] - b[0]),
    }))
    .sort((a, b) => a.teamLetter.localeCompare(b.teamLetter) || a.number - b.number);
}

/** The team tracks no listed player holds: the players a coach picks by photo are among them. */
function unnumberedTracks(
  sorted: SortedTracks,
  roster: Roster,
): { record: TrackHistory; teamLetter: TeamLetter }[] {
  const numbered = new Set([...roster.byKey.values()].flatMap((e) => e.tracks.map((t) => t.id)));
  return sorted.teamTracks.filter((t) => !numbered.has(t.record.id));
}

/**
 * Each team's colours (shirts as lit, and shorts or accent) and its players' numbers. The colours are
 * weighted medians over the team's kit samples, each sample weighted by how large its person was
 * seen, and corrected for the light's cast (`lineWhite`): they are what the team is named by.
 */
function describeTeams(
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
