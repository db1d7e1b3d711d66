import { voteTrackNumber, type TrackNumber } from '../../perception/numbers/track-vote.js';
import { clusterTeams, type TeamLetter } from '../../perception/teams/cluster-teams.js';
import { medianLab } from '../../perception/teams/kit-colours.js';
import { swappedKitTeam } from '../../perception/teams/swapped-kit.js';
import { labDistance, labToHex, type Lab } from '../../perception/teams/lab-colour.js';
import {
  appearancesFromSightings,
  spanEdgeTimes,
  type PictureTimeline,
  type Sighting,
} from './appearances.js';
import { MIN_TEXT_PERSON_HEIGHT } from './read-schedule.js';
import { splitSwitchedTrack } from './split-switched-tracks.js';
import { stitchFragments, type StitchCandidate } from './stitch-tracks.js';
import type { TrackRecord } from './track-record.js';
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
  /**
   * Tracks seen fewer times are noise (a flicker of a false detection), unless the start or the
   * end of the analysed footage cut them short: those count from two sightings.
   */
  minTrackSamples?: number;
  includeTracks?: boolean;
}

type Result = Omit<TrackingAnalysis, 'timings'>;

interface PlayerEntry {
  letter: TeamLetter;
  number: number;
  tracks: TrackRecord[];
  confidence: number;
  best: TrackingPlayer['best'];
  bestConf: number;
}

const sightingsOf = (r: TrackRecord): Sighting[] =>
  r.path.map(([timeSec, x, y, w, h], i) => ({
    timeSec,
    box: [x, y, w, h],
    offset: r.offsets[i] ?? [0, 0],
  }));

const medianHeight = (r: TrackRecord): number => {
  const h = r.path.map((p) => p[4]).sort((a, b) => a - b);
  return h[Math.floor(h.length / 2)] ?? 0;
};

const overlaps = (a: TrackRecord, b: TrackRecord): boolean =>
  a.firstSec < b.lastSec && b.firstSec < a.lastSec;

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
export function summariseTracks(records: readonly TrackRecord[], o: SummariseOptions): Result {
  const minSamples = o.minTrackSamples ?? 3;
  const spanEdges = spanEdgeTimes(o.picture, o.sampleIntervalSec);
  let nextId = Math.max(0, ...records.map((r) => r.id)) + 1;
  const surelyWornBy = new Map<number, Set<number>>();
  for (const r of records) {
    const vote = voteTrackNumber(r.reads);
    if (vote.number === null || vote.winnerReads < 2) continue;
    surelyWornBy.set(vote.number, (surelyWornBy.get(vote.number) ?? new Set()).add(r.id));
  }
  const kept = records
    .flatMap((r) =>
      splitSwitchedTrack(
        r,
        () => nextId++,
        (n) => [...(surelyWornBy.get(n) ?? [])].some((id) => id !== r.id),
      ),
    )
    .filter(
      (r) =>
        r.path.length >= minSamples ||
        (r.path.length >= 2 && (spanEdges.has(r.firstSec) || spanEdges.has(r.lastSec))),
    );
  const jerseyOf = new Map<number, Lab>();
  for (const r of kept) {
    const jersey = medianLab(r.kits.map((k) => k.jersey));
    if (jersey) jerseyOf.set(r.id, jersey);
  }
  // a person seen large gives a surer colour than a speck in the stands: on real film the crowd
  // and the bench outnumber the players, and by count alone they made the teams
  const heights = kept.map((r) => medianHeight(r)).sort((a, b) => a - b);
  const typical = Math.max(1, heights[Math.floor(heights.length * 0.9)] ?? 1);
  const sizeOf = (r: TrackRecord): number => Math.min(1, medianHeight(r) / typical) ** 2;
  const clusters = clusterTeams(
    kept
      .filter((r) => jerseyOf.has(r.id))
      .map((r) => ({ id: r.id, colour: jerseyOf.get(r.id)!, weight: r.kits.length * sizeOf(r) })),
  );
  // tracks whose sampled jersey is their number (see swappedKitTeam): they name no team's colour
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
  const scalePath = (
    p: [number, number, number, number, number],
  ): [number, number, number, number, number] => [
    Math.round(p[0] * 1000) / 1000,
    Math.round(p[1] * o.scale),
    Math.round(p[2] * o.scale),
    Math.round(p[3] * o.scale),
    Math.round(p[4] * o.scale),
  ];
  const byKey = new Map<string, PlayerEntry>();
  const addToPlayer = (r: TrackRecord, letter: TeamLetter, vote: TrackNumber): void => {
    if (vote.number === null || !vote.best) return;
    const key = `${letter}:${vote.number}`;
    const entry = byKey.get(key) ?? {
      letter,
      number: vote.number,
      tracks: [],
      confidence: 0,
      best: { time: 0, box: [0, 0, 0, 0] },
      bestConf: -1,
    };
    entry.tracks.push(r);
    entry.confidence = Math.max(entry.confidence, vote.confidence);
    if (vote.best.confidence > entry.bestConf) {
      entry.bestConf = vote.best.confidence;
      const [x, y, w, h] = vote.best.box;
      entry.best = {
        time: Math.round(vote.best.timeSec * 1000) / 1000,
        box: [
          Math.round(x * o.scale),
          Math.round(y * o.scale),
          Math.round(w * o.scale),
          Math.round(h * o.scale),
        ],
      };
    }
    byKey.set(key, entry);
  };
  let outliers = 0;
  const details: TrackDetail[] = [];
  const teamTracks: { record: TrackRecord; teamLetter: TeamLetter }[] = [];
  const outlierTracks: TrackRecord[] = [];
  const votes = new Map<number, TrackNumber>();
  for (const r of kept) {
    const letter = clusters.assignment.get(r.id) ?? null;
    const vote = voteTrackNumber(r.reads);
    votes.set(r.id, vote);
    if (o.includeTracks) {
      details.push({
        id: r.id,
        teamLetter: letter,
        number: letter ? vote.number : null,
        confidence: vote.confidence,
        path: r.path,
        offsets: r.offsets,
        reads: r.reads.map((x) => ({
          time: x.timeSec,
          number: x.number,
          confidence: x.confidence,
        })),
      });
    }
    if (!letter) {
      outlierTracks.push(r);
      continue;
    }
    teamTracks.push({ record: r, teamLetter: letter });
    addToPlayer(r, letter, vote);
  }
  // a track whose kit colour was off (an occlusion, motion blur) but whose number is surely that of
  // a player of the nearer team, never on screen with that player, is that player: numbers are
  // unique within a team, and referees wear none
  for (const r of outlierTracks) {
    const vote = votes.get(r.id)!;
    const jersey = jerseyOf.get(r.id);
    const nearest = jersey
      ? clusters.teams.reduce<(typeof clusters.teams)[number] | undefined>(
          (a, t) => (!a || labDistance(t.colour, jersey) < labDistance(a.colour, jersey) ? t : a),
          undefined,
        )
      : undefined;
    const playerIn = (letter: TeamLetter): PlayerEntry | undefined =>
      vote.number !== null ? byKey.get(`${letter}:${vote.number}`) : undefined;
    // the other team's player of that number, when the nearer team has none: the colour was off
    const other = clusters.teams.find((t) => t.letter !== nearest?.letter && playerIn(t.letter));
    const team = nearest && !playerIn(nearest.letter) && other ? other : nearest;
    const player = team ? playerIn(team.letter) : undefined;
    // a number read again and again that no team has yet is a player's, whatever the colour estimate
    // made of the kit (a shadowed, side-lit or small player falls outside both team colours;
    // referees wear none): it joins the nearer team
    const surelyNumbered = vote.number !== null && vote.winnerReads >= 2;
    if (!team || (!player && !surelyNumbered) || player?.tracks.some((t) => overlaps(t, r))) {
      outliers++;
      continue;
    }
    clusters.assignment.set(r.id, team.letter);
    const detail = details.find((d) => d.id === r.id);
    if (detail) {
      detail.teamLetter = team.letter;
      detail.number = vote.number;
    }
    teamTracks.push({ record: r, teamLetter: team.letter });
    addToPlayer(r, team.letter, vote);
  }
  absorbOneDigitMisreads(byKey, votes);
  const playerOfTrack = new Map(
    [...byKey].flatMap(([key, e]) => e.tracks.map((t) => [t.id, key] as const)),
  );
  const candidates: StitchCandidate[] = teamTracks.map((c) => ({
    ...c,
    key: playerOfTrack.get(c.record.id) ?? null,
  }));
  let unreadable = 0;
  const stitched = stitchFragments(candidates);
  for (const c of candidates) {
    if (c.key !== null) continue;
    const key = stitched.get(c.record.id);
    const entry = key ? byKey.get(key) : undefined;
    const clash = entry?.tracks.some(
      (t) => t.firstSec < c.record.lastSec && c.record.firstSec < t.lastSec,
    );
    if (!entry || clash) {
      unreadable++;
      continue;
    }
    entry.tracks.push(c.record);
    const detail = details.find((d) => d.id === c.record.id);
    if (detail) detail.number = entry.number;
  }
  for (const d of details) {
    const key = d.teamLetter ? playerOfTrack.get(d.id) : undefined;
    if (key) d.number = byKey.get(key)!.number;
  }
  const players: TrackingPlayer[] = [...byKey.values()]
    .map((e) => ({
      teamLetter: e.letter,
      number: e.number,
      confidence: Math.round(e.confidence * 1000) / 1000,
      // one player's tracks are one series of sightings: a gap between two of them is judged as
      // a gap within a track
      appearances: appearancesFromSightings(e.tracks.flatMap(sightingsOf), o),
      best: e.best,
      path: e.tracks.flatMap((t) => t.path.map(scalePath)).sort((a, b) => a[0] - b[0]),
    }))
    .sort((a, b) => a.teamLetter.localeCompare(b.teamLetter) || a.number - b.number);

  const numberedTracks = new Set([...byKey.values()].flatMap((e) => e.tracks.map((t) => t.id)));
  const teams: TrackingTeam[] = clusters.teams.map((t) => {
    const members = kept.filter((r) => clusters.assignment.get(r.id) === t.letter);
    const shorts = medianLab(
      members.flatMap((r) => r.kits.map((k) => k.shorts).filter((s): s is Lab => s !== null)),
    );
    const accent = medianLab(
      members.flatMap((r) => r.kits.map((k) => k.accent).filter((s): s is Lab => s !== null)),
    );
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
    const lit = medianLab(named.flatMap((r) => r.kits.map((k) => k.lit ?? k.jersey)));
    return {
      teamLetter: t.letter,
      primaryColor: labToHex(lit ?? t.colour),
      secondaryColor: labToHex(secondary),
      players: players.filter((p) => p.teamLetter === t.letter).map((p) => p.number),
    };
  });
  return {
    durationSec: Math.round(o.durationSec * 1000) / 1000,
    teams,
    players,
    stats: {
      sampledFrames: 0,
      tracks: kept.length,
      teamTracks: kept.length - outliers,
      outlierTracks: outliers,
      unreadableTracks: unreadable,
    },
    ...(o.includeTracks ? { tracks: details, picture: o.picture } : {}),
  };
}
