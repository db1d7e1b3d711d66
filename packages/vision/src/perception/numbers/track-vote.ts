import { addsOneDigit } from './digit-relation.js';

/** One read of a track's number in one frame. */
export interface NumberObservation {
  number: number | null;
  confidence: number;
  timeSec: number;
  box: [number, number, number, number];
}

export interface TrackNumber {
  /** null when the reads do not agree enough: 'unreadable' rather than a guess. */
  number: number | null;
  /** 0–1. */
  confidence: number;
  /** The observation that read the winning number best. */
  best: NumberObservation | null;
  /** Summed confidence per number, for merging and debugging. */
  scores: Map<number, number>;
  /** How many reads back the winning number. */
  winnerReads: number;
  /** When those reads were taken (seconds, in order): tells one look repeated from several. */
  winnerTimes: number[];
}

export interface VoteOptions {
  /** Reads below this confidence are ignored (the legibility filter's second half). */
  minReadConfidence?: number;
  /**
   * The same for one-digit reads. A two-digit number half seen (a turn, an arm) or a fold of the
   * shirt gives one-digit reads of 0.5–0.8 far more often than a one-digit number does: on the
   * synthetic films 92 of 124 such reads were wrong, against 12 of 110 from 0.8 up.
   */
  minOneDigitConfidence?: number;
  /**
   * Summed confidence the winner needs (one sure read, ≥ 0.8, with no dissent, or two fair ones):
   * lone reads of 0.7–0.8 were mostly partial or side-on misreads once crossings were read.
   */
  minSupport?: number;
  /** Share of all counted confidence the winner needs. */
  minShare?: number;
}

/** A read at least this sure is a clear view of the number. */
export const SURE_READ = 0.95;
/** Share of the sure reads that must agree for them to decide a vote the weaker reads split. */
const SURE_SHARE = 0.75;

/** Confidence-weighted vote over a track's reads. */
export function voteTrackNumber(
  observations: readonly NumberObservation[],
  options: VoteOptions = {},
): TrackNumber {
  const minRead = options.minReadConfidence ?? 0.5;
  const minOneDigit = options.minOneDigitConfidence ?? 0.8;
  const counts = (o: NumberObservation): o is NumberObservation & { number: number } =>
    o.number !== null && o.confidence >= (o.number <= 9 ? minOneDigit : minRead);
  const minSupport = options.minSupport ?? 0.8;
  const minShare = options.minShare ?? 0.6;
  const scores = new Map<number, number>();
  let total = 0;
  for (const o of observations) {
    if (!counts(o)) continue;
    scores.set(o.number, (scores.get(o.number) ?? 0) + o.confidence);
    total += o.confidence;
  }
  // a one-digit read that is a digit of a two-digit number read at least half as strongly is that
  // number half-seen (a turn or an arm hides one digit): it is not a dissenting vote
  for (const [n, s] of [...scores]) {
    if (n > 9) continue;
    const whole = [...scores].some(([m, ms]) => addsOneDigit(m, n) && ms >= s / 2);
    if (whole) {
      scores.delete(n);
      total -= s;
    }
  }
  let winner: number | null = null;
  let support = 0;
  for (const [n, s] of scores) {
    if (s > support) {
      winner = n;
      support = s;
    }
  }
  let share = total > 0 ? support / total : 0;
  // near-certain reads (a clear view of the back) outweigh a run of doubtful ones: one pose can make
  // the recogniser see a 4 as a 6 again and again, but only ever at 0.5–0.9
  const sure = observations.filter((o) => o.number !== null && o.confidence >= SURE_READ);
  const sureCounts = new Map<number, number>();
  for (const o of sure) sureCounts.set(o.number!, (sureCounts.get(o.number!) ?? 0) + 1);
  for (const [n, count] of sureCounts) {
    if (count < 2 || count < SURE_SHARE * sure.length || !scores.has(n)) continue;
    winner = n;
    support = scores.get(n)!;
    share = Math.max(support / total, count / sure.length);
  }
  const confidence = share * (1 - Math.exp(-support / 1.5));
  if (winner === null || support < minSupport || share < minShare) {
    return { number: null, confidence, best: null, scores, winnerReads: 0, winnerTimes: [] };
  }
  const backing = observations.filter((o) => o.number === winner && counts(o));
  const best = backing.reduce<NumberObservation | null>(
    (a, o) => (!a || o.confidence > a.confidence ? o : a),
    null,
  );
  return {
    number: winner,
    confidence,
    best,
    scores,
    winnerReads: backing.length,
    winnerTimes: backing.map((o) => o.timeSec).sort((a, b) => a - b),
  };
}
