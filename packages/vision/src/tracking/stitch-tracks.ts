import type { TrackRecord } from './track-record.js';

export interface StitchCandidate {
  record: TrackRecord;
  teamLetter: string;
  /** Player key ('A:7') when the number was read; null when unreadable. */
  key: string | null;
}

/**
 * Gives unreadable track fragments to the read track of the same team that ended just before (or
 * starts just after) them at the same place on the field: an occlusion or a missed detection split
 * one player's track, and only one piece saw the number. Returns fragment id → player key.
 */
export function stitchFragments(
  candidates: readonly StitchCandidate[],
  maxGapSec = 1.6,
): Map<number, string> {
  const out = new Map<number, string>();
  const read = candidates.filter((c) => c.key !== null);
  for (const frag of candidates) {
    if (frag.key !== null) continue;
    const f = frag.record;
    // a fragment that read another number with some confidence is someone else
    const doubts = new Set(
      f.reads.filter((r) => r.number !== null && r.confidence >= 0.5).map((r) => r.number),
    );
    const height = f.path[0]?.[4] ?? 100;
    let best: { key: string; cost: number } | null = null;
    for (const r of read) {
      if (r.teamLetter !== frag.teamLetter) continue;
      const readNumber = Number(r.key!.split(':')[1]);
      if ([...doubts].some((n) => n !== readNumber)) continue;
      const t = r.record;
      // the read track must not be on screen at the same time as the fragment
      const overlaps = t.firstSec < f.lastSec && f.firstSec < t.lastSec;
      if (overlaps) continue;
      const before = t.lastSec <= f.firstSec;
      const gap = before ? f.firstSec - t.lastSec : t.firstSec - f.lastSec;
      if (gap > maxGapSec) continue;
      const a = before ? t.fieldPoint(t.path.length - 1) : f.fieldPoint(f.path.length - 1);
      const b = before ? f.fieldPoint(0) : t.fieldPoint(0);
      const dist = Math.hypot(a[0] - b[0], a[1] - b[1]);
      // players run at most ~1.5 body heights per second on the image
      if (dist > height * (0.5 + 1.0 * gap)) continue;
      const cost = dist / height + gap;
      if (!best || cost < best.cost) best = { key: r.key!, cost };
    }
    if (best) out.set(f.id, best.key);
  }
  return out;
}
