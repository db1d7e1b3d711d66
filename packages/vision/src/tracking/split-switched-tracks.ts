import { TrackRecord } from './track-record.js';

/** Reads below this confidence are too weak to show a switch. */
const MIN_READ = 0.5;
/** Summed confidence each side of a switch needs (the track vote's own bar). */
const MIN_SIDE_SUPPORT = 0.7;

/** A one-digit read that is a digit of `whole` is `whole` half-seen. */
function sameNumber(read: number, whole: number): boolean {
  if (read === whole) return true;
  return read <= 9 && whole > 9 && (whole % 10 === read || Math.floor(whole / 10) === read);
}

/**
 * Splits a track whose confident number reads (two or more each side) change once from one number to another (all of one
 * before, all of the other after): the tracker switched from one player to another when they
 * crossed. The cut goes at the largest jump of the box between the last read of the first number
 * and the first read of the second (where the switch most likely happened), else half-way.
 * A track with no such clean change is returned whole.
 */
export function splitSwitchedTrack(record: TrackRecord, nextId: () => number): TrackRecord[] {
  const reads = record.reads
    .filter((r) => r.number !== null && r.confidence >= MIN_READ)
    .sort((a, b) => a.timeSec - b.timeSec);
  if (reads.length < 2) return [record];
  // longest two-digit number read names the run a one-digit read belongs to
  const canonical = (n: number): number =>
    reads.find((r) => r.number! > 9 && sameNumber(n, r.number!))?.number ?? n;
  const numbers = reads.map((r) => canonical(r.number!));
  let cut = -1;
  for (let i = 1; i < numbers.length; i++) {
    if (numbers[i] === numbers[i - 1]) continue;
    if (cut >= 0) return [record]; // more than one change: not a clean switch
    cut = i;
  }
  if (cut < 0) return [record];
  const support = (from: number, to: number): number =>
    reads.slice(from, to).reduce((s, r) => s + r.confidence, 0);
  // two agreeing reads on each side: one misread (a 7 seen as a 6) must not cut a track
  if (cut < 2 || reads.length - cut < 2) return [record];
  if (support(0, cut) < MIN_SIDE_SUPPORT || support(cut, reads.length) < MIN_SIDE_SUPPORT)
    return [record];
  const t0 = reads[cut - 1]!.timeSec;
  const t1 = reads[cut]!.timeSec;
  // the first path index of the second player: the largest relative jump within (t0, t1]
  let splitAt = -1;
  let biggest = -1;
  for (let i = 1; i < record.path.length; i++) {
    const t = record.path[i]![0];
    if (t <= t0 || t > t1) continue;
    const a = record.fieldPoint(i - 1);
    const b = record.fieldPoint(i);
    const h = Math.max(1, record.path[i]![4]);
    const jump = Math.hypot(a[0] - b[0], a[1] - b[1]) / h;
    if (jump > biggest) {
      biggest = jump;
      splitAt = i;
    }
  }
  if (splitAt < 0) return [record];
  if (biggest < 0.15) {
    const mid = (t0 + t1) / 2;
    splitAt = record.path.findIndex((p) => p[0] > mid);
    if (splitAt <= 0) return [record];
  }
  const splitSec = record.path[splitAt]![0];
  const first = new TrackRecord(record.id);
  const second = new TrackRecord(nextId());
  record.path.forEach((p, i) => {
    const target = i < splitAt ? first : second;
    target.addPosition(p[0], [p[1], p[2], p[3], p[4]], record.offsets[i] ?? [0, 0]);
  });
  // kit samples carry no time; both players wear the same kit when the tracker confused them
  for (const k of record.kits) {
    first.addKit(k);
    second.addKit(k);
  }
  for (const r of record.reads) (r.timeSec < splitSec ? first : second).reads.push(r);
  return [first, second];
}
