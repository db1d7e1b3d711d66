// Player Tracking's roster: each track's number voted, tracks joined into players, players listed.
import {
  voteTrackNumber,
  type NumberObservation,
  type TrackNumber,
} from '../../perception/numbers/track-vote.js';
import type { TeamClusters, TeamLetter } from '../../perception/teams/cluster-teams.js';
import { labDistance, type Lab } from '../../perception/teams/lab-colour.js';
import { appearancesFromSightings, type AppearanceOptions } from './appearances.js';
import { stitchFragments, type StitchCandidate } from './stitch-tracks.js';
import { isListed, surelyReadNumber } from './sure-number.js';
import type { TrackHistory } from './track-history.js';
import { overlaps, sightingsOf, toSourcePixels } from './track-measures.js';
import type { TrackDetail, TrackingPlayer } from './tracking-types.js';

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
export function absorbOneDigitMisreads(
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

/** The players found so far, by team and number, with the tracks that are theirs. */
export class Roster {
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
export function sortByTeam(
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
export function rescueOutliers(
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
export function joinUnreadTracks(sorted: SortedTracks, roster: Roster): number {
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
export function joinNumberAcrossTeams(
  roster: Roster,
  sorted: SortedTracks,
  clusters: TeamClusters,
): void {
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
export function dropUnlistedPlayers(roster: Roster, sorted: SortedTracks, still: boolean): void {
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
export function listPlayers(
  roster: Roster,
  o: AppearanceOptions & { scale: number },
): TrackingPlayer[] {
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
export function unnumberedTracks(
  sorted: SortedTracks,
  roster: Roster,
): { record: TrackHistory; teamLetter: TeamLetter }[] {
  const numbered = new Set([...roster.byKey.values()].flatMap((e) => e.tracks.map((t) => t.id)));
  return sorted.teamTracks.filter((t) => !numbered.has(t.record.id));
}
