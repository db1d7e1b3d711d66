import { voteTrackNumber, type NumberObservation } from '../../perception/numbers/track-vote.js';
import { type LinearRgb } from '../../perception/teams/white-balance.js';
import { spanEdgeTimes, type PictureTimeline } from './appearances.js';
import { splitSwitchedTrack } from './split-switched-tracks.js';
import { surelyReadNumber } from './sure-number.js';
import type { TrackHistory } from './track-history.js';
import type { TrackingAnalysis } from './tracking-types.js';
import { listUnnumberedPlayers } from './unnumbered-players.js';

import {
  absorbOneDigitMisreads,
  dropUnlistedPlayers,
  joinNumberAcrossTeams,
  joinUnreadTracks,
  listPlayers,
  rescueOutliers,
  Roster,
  sortByTeam,
  unnumberedTracks,
} from './roster.js';
import { clusterKits, describeTeams, jerseysOf, reassignSwappedKits } from './team-kits.js';
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
