import type { TeamLetter } from '../../perception/teams/cluster-teams.js';
import { appearancesFromSightings, type AppearanceOptions } from './appearances.js';
import { stitchFragments, type StitchCandidate } from './stitch-tracks.js';
import type { TrackHistory } from './track-history.js';
import { medianHeight, sightingsOf, toSourcePixels } from './track-measures.js';
import type { UnnumberedPlayer } from './tracking-types.js';

export interface UnnumberedOptions extends AppearanceOptions {
  /** Source pixels per analysis pixel. */
  scale: number;
  /** A player listed by photo was on screen at least this long, in all. Default 2 s. */
  minOnScreenSec?: number;
  /**
   * A player listed by photo was seen at least this share of the tall unnumbered tracks' height (their
   * 90th percentile): a speck at the far end of the stands is nobody the coach can pick. Default 0.35.
   */
  minHeightShare?: number;
  /** At most this many a team, longest on screen first. Default 24. */
  maxPerTeam?: number;
}

/** A track is long enough to anchor a player by itself when seen this long. */
const ANCHOR_SEC = 1;

/**
 * The players of each team whose number was never read surely, so that a coach can pick them by
 * photo: the unnumbered tracks of a team, each fragment stitched to the longer track it continues
 * (in place and time, never on screen together), kept when on screen long enough and seen large
 * enough. `best` is the sighting where the player was seen largest, for the photo.
 */
export function listUnnumberedPlayers(
  tracks: readonly { record: TrackHistory; teamLetter: TeamLetter }[],
  o: UnnumberedOptions,
): UnnumberedPlayer[] {
  const minOnScreen = o.minOnScreenSec ?? 2;
  const minShare = o.minHeightShare ?? 0.35;
  const maxPerTeam = o.maxPerTeam ?? 24;
  const keyOf = (r: TrackHistory, letter: TeamLetter) => `${letter}:u${r.id}`;
  const candidates: StitchCandidate[] = tracks.map(({ record, teamLetter }) => ({
    record,
    teamLetter,
    key: record.lastSec - record.firstSec >= ANCHOR_SEC ? keyOf(record, teamLetter) : null,
  }));
  const joined = stitchFragments(candidates);
  const groups = new Map<string, { letter: TeamLetter; anchor: number; tracks: TrackHistory[] }>();
  for (const c of candidates) {
    const key = c.key ?? joined.get(c.record.id);
    if (!key) continue;
    const group = groups.get(key) ?? { letter: c.teamLetter, anchor: c.record.id, tracks: [] };
    if (c.key) group.anchor = c.record.id;
    group.tracks.push(c.record);
    groups.set(key, group);
  }
  const heights = tracks.map((t) => medianHeight(t.record)).sort((a, b) => a - b);
  const tall = heights[Math.floor(heights.length * 0.9)] ?? 0;
  const players: UnnumberedPlayer[] = [];
  for (const { letter, anchor, tracks: own } of groups.values()) {
    const height = Math.max(...own.map(medianHeight));
    if (height < tall * minShare) continue;
    const appearances = appearancesFromSightings(own.flatMap(sightingsOf), o);
    const onScreenSec = appearances.reduce((s, a) => s + (a.end - a.start), 0);
    if (onScreenSec < minOnScreen) continue;
    const path = own.flatMap((t) => t.path).sort((a, b) => a[0] - b[0]);
    const largest = path.reduce((a, b) => (b[4] > a[4] ? b : a));
    const [time, x, y, w, h] = toSourcePixels(largest, o.scale);
    players.push({
      id: `${letter}-p${anchor}`,
      teamLetter: letter,
      appearances,
      onScreenSec: Math.round(onScreenSec * 10) / 10,
      best: { time, box: [x, y, w, h] },
      path: path.map((p) => toSourcePixels(p, o.scale)),
    });
  }
  const byTeam = new Map<TeamLetter, UnnumberedPlayer[]>();
  for (const p of players.sort((a, b) => b.onScreenSec - a.onScreenSec)) {
    const team = byTeam.get(p.teamLetter) ?? [];
    if (team.length < maxPerTeam) team.push(p);
    byTeam.set(p.teamLetter, team);
  }
  return [...byTeam.values()]
    .flat()
    .sort((a, b) => a.teamLetter.localeCompare(b.teamLetter) || b.onScreenSec - a.onScreenSec);
}
