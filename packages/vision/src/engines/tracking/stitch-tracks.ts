import { differsByOneDigit } from '../../perception/numbers/digit-relation.js';
import type { TeamLetter } from '../../perception/teams/cluster-teams.js';
import type { TrackHistory } from './track-history.js';

export interface StitchCandidate {
  record: TrackHistory;
  teamLetter: TeamLetter;
  /** Player key ('A:7') when the number was read; null when unreadable. */
  key: string | null;
  /**
   * A number resting on a single read (null key): it may be another player's number with a digit
   * hidden (21 read as 2) or an edge taken for a '1' (9 read as 19), so the fragment may join only a
   * player whose number differs from it by one digit.
   */
  weakNumber?: number;
}

export interface StitchOptions {
  /** Longest gap between the two pieces, seconds (a player lost behind others or off the edge
   * for a few seconds; the speed gate and the margin keep long joins honest). */
  maxGapSec?: number;
  /** The best join must beat the next player's by this much cost, or the fragment stays alone. */
  margin?: number;
}

/**
 * Gives unreadable track fragments to the read player of the same team whose track ended just
 * before (or starts just after) them at the same place on the field: an occlusion or a missed
 * detection split one player's track, and only one piece saw the number. Joins chain (a fragment
 * given to a player can pass the number on to the next fragment), a fragment never overlaps in
 * time any track of the player it joins, and a fragment two players could equally well continue
 * stays unreadable (a wrong join costs precision). Returns fragment id → player key.
 */
export function stitchFragments(
  candidates: readonly StitchCandidate[],
  options: StitchOptions = {},
): Map<number, string> {
  const maxGapSec = options.maxGapSec ?? 7;
  const margin = options.margin ?? 0.5;
  const out = new Map<number, string>();
  const tracksOf = new Map<string, TrackHistory[]>();
  for (const c of candidates) {
    if (c.key === null) continue;
    tracksOf.set(c.key, [...(tracksOf.get(c.key) ?? []), c.record]);
  }
  const teamOf = new Map<string, string>(
    candidates.filter((c) => c.key !== null).map((c) => [c.key!, c.teamLetter]),
  );
  let open = candidates.filter((c) => c.key === null);
  for (let changed = true; changed;) {
    changed = false;
    const joins: { frag: StitchCandidate; key: string }[] = [];
    for (const frag of open) {
      const f = frag.record;
      // a fragment that read another number as surely as a lone read must be (0.8, the vote's
      // bar) is someone else; weaker odd reads (a 7 seen as a 6) do not veto the join
      const doubts = new Set(
        f.reads.filter((r) => r.number !== null && r.confidence >= 0.8).map((r) => r.number),
      );
      const height = f.samples > 0 ? f.heightAt(0) : 100;
      const costs: { key: string; cost: number }[] = [];
      for (const [key, tracks] of tracksOf) {
        if (teamOf.get(key) !== frag.teamLetter) continue;
        const readNumber = Number(key.split(':')[1]);
        const weak = frag.weakNumber;
        if (weak !== undefined && !differsByOneDigit(weak, readNumber)) continue;
        if ([...doubts].some((n) => n !== readNumber && n !== weak)) continue;
        // the player must not be on screen at the same time as the fragment
        if (tracks.some((t) => t.firstSec < f.lastSec && f.firstSec < t.lastSec)) continue;
        let best = Infinity;
        for (const t of tracks) {
          const before = t.lastSec <= f.firstSec;
          const gap = before ? f.firstSec - t.lastSec : t.firstSec - f.lastSec;
          if (gap > maxGapSec) continue;
          const a = before ? t.fieldPoint(t.samples - 1) : f.fieldPoint(f.samples - 1);
          const b = before ? f.fieldPoint(0) : t.fieldPoint(0);
          const dist = Math.hypot(a[0] - b[0], a[1] - b[1]);
          // players run at most ~1.5 body heights per second on the image
          if (dist > height * (0.5 + 1.0 * gap)) continue;
          best = Math.min(best, dist / height + gap);
        }
        if (best < Infinity) costs.push({ key, cost: best });
      }
      costs.sort((a, b) => a.cost - b.cost);
      const [first, second] = costs;
      if (!first || (second && second.cost - first.cost < margin)) continue;
      joins.push({ frag, key: first.key });
    }
    for (const { frag, key } of joins) {
      const tracks = tracksOf.get(key)!;
      const f = frag.record;
      if (tracks.some((t) => t.firstSec < f.lastSec && f.firstSec < t.lastSec)) continue;
      tracks.push(f);
      out.set(f.id, key);
      changed = true;
    }
    open = open.filter((c) => !out.has(c.record.id));
  }
  return out;
}
