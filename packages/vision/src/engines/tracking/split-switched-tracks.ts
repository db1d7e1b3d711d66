import { isWholeOrPart } from '../../perception/numbers/digit-relation.js';
import { SURE_READ, type NumberObservation } from '../../perception/numbers/track-vote.js';
import type { TrackHistory } from './track-history.js';
import { TrackRecord } from './track-record.js';

/** Reads below this confidence are too weak to show a switch. */
const MIN_READ = 0.5;
/** Summed confidence each side of a switch needs (the track vote's own bar). */
const MIN_SIDE_SUPPORT = 0.7;

/**
 * The stretch (last read of the first number, first read of the second] in which the track switched
 * players, or null: the cut that best separates one dominant number before from another after.
 */
function findSwitch(
  reads: readonly NumberObservation[],
  canonical: (n: number) => number,
): { t0: number; t1: number } | null {
  const numbers = reads.map((r) => canonical(r.number!));
  const dominant = (
    from: number,
    to: number,
  ): { n: number; support: number; share: number; count: number } => {
    const scores = new Map<number, number>();
    let total = 0;
    for (let i = from; i < to; i++) {
      scores.set(numbers[i]!, (scores.get(numbers[i]!) ?? 0) + reads[i]!.confidence);
      total += reads[i]!.confidence;
    }
    let n = -1;
    let support = 0;
    for (const [k, v] of scores) if (v > support) [n, support] = [k, v];
    const count = numbers.slice(from, to).filter((x) => x === n).length;
    return { n, support, share: total > 0 ? support / total : 0, count };
  };
  let cut = -1;
  let bestSupport = 0;
  let first = -1;
  let second = -1;
  for (let k = 2; k <= reads.length - 2; k++) {
    const left = dominant(0, k);
    const right = dominant(k, reads.length);
    if (left.n === right.n) continue;
    // two agreeing reads each side, clearly dominant: one misread (a 7 seen as a 6) must not cut
    if (left.count < 2 || right.count < 2 || left.share < 0.7 || right.share < 0.7) continue;
    if (left.support < MIN_SIDE_SUPPORT || right.support < MIN_SIDE_SUPPORT) continue;
    if (left.support + right.support > bestSupport) {
      bestSupport = left.support + right.support;
      cut = k;
      first = left.n;
      second = right.n;
    }
  }
  if (cut < 0) return null;
  // between the last read of the first number and the first read of the second
  const t0 = reads
    .slice(0, cut)
    .filter((_, i) => numbers[i] === first)
    .at(-1)!.timeSec;
  const t1 = reads.slice(cut).find((_, i) => numbers[cut + i] === second)!.timeSec;
  return { t0, t1 };
}

/**
 * Splits a track whose confident number reads change from one number to another (two or more
 * reads and at least 70 % of the confidence on each side): the tracker switched from one player to another when they
 * crossed. The cut goes at the largest jump of the box between the last read of the first number
 * and the first read of the second (where the switch most likely happened), else half-way.
 * A track without such a change is returned whole.
 */
export function splitSwitchedTrack(
  record: TrackHistory,
  nextId: () => number,
  /** Whether another track surely wears this number: then a one-digit read may be that player. */
  isNumberElsewhere: (n: number) => boolean = () => false,
): TrackHistory[] {
  const reads = record.reads
    .filter((r) => r.number !== null && r.confidence >= MIN_READ)
    .sort((a, b) => a.timeSec - b.timeSec);
  if (reads.length < 2) return [record];
  // longest two-digit number read names the run a one-digit read belongs to, unless another track
  // wears that one digit: a run of 4s then a run of 14s is then a switch from #4 to #14
  const canonical = (n: number): number =>
    isNumberElsewhere(n)
      ? n
      : (reads.find((r) => r.number! > 9 && isWholeOrPart(n, r.number!))?.number ?? n);
  // doubtful misreads (a 0 among 11s) can blur a switch the near-certain reads show cleanly
  const found =
    findSwitch(reads, canonical) ??
    findSwitch(
      reads.filter((r) => r.confidence >= SURE_READ),
      canonical,
    );
  if (!found) return [record];
  const { t0, t1 } = found;
  // the first path index of the second player: the largest relative jump within (t0, t1]
  const path = record.path;
  let splitAt = -1;
  let biggest = -1;
  for (let i = 1; i < path.length; i++) {
    const t = path[i]![0];
    if (t <= t0 || t > t1) continue;
    const a = record.fieldPoint(i - 1);
    const b = record.fieldPoint(i);
    const h = Math.max(1, path[i]![4]);
    const jump = Math.hypot(a[0] - b[0], a[1] - b[1]) / h;
    if (jump > biggest) {
      biggest = jump;
      splitAt = i;
    }
  }
  if (splitAt < 0) return [record];
  if (biggest < 0.15) {
    const mid = (t0 + t1) / 2;
    splitAt = path.findIndex((p) => p[0] > mid);
    if (splitAt <= 0) return [record];
  }
  const splitSec = path[splitAt]![0];
  const offsets = record.offsets;
  const head = new TrackRecord(record.id);
  const tail = new TrackRecord(nextId());
  path.forEach((p, i) => {
    const target = i < splitAt ? head : tail;
    target.addPosition(p[0], [p[1], p[2], p[3], p[4]], offsets[i] ?? [0, 0]);
  });
  // kit samples carry no time; both players wear the same kit when the tracker confused them
  for (const k of record.kits) {
    head.addKit(k);
    tail.addKit(k);
  }
  for (const r of record.reads) (r.timeSec < splitSec ? head : tail).reads.push(r);
  return [head, tail];
}
