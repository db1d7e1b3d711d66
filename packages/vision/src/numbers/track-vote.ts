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
}

export interface VoteOptions {
  /** Reads below this confidence are ignored (the legibility filter's second half). */
  minReadConfidence?: number;
  /**
   * Summed confidence the winner needs (one sure read, ≥ 0.8, with no dissent, or two fair ones):
   * lone reads of 0.7–0.8 were mostly partial or side-on misreads once crossings were read.
   */
  minSupport?: number;
  /** Share of all counted confidence the winner needs. */
  minShare?: number;
}

/** Confidence-weighted vote over a track's reads. */
export function voteTrackNumber(
  observations: readonly NumberObservation[],
  options: VoteOptions = {},
): TrackNumber {
  const minRead = options.minReadConfidence ?? 0.5;
  const minSupport = options.minSupport ?? 0.8;
  const minShare = options.minShare ?? 0.6;
  const scores = new Map<number, number>();
  let total = 0;
  for (const o of observations) {
    if (o.number === null || o.confidence < minRead) continue;
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
  const share = total > 0 ? support / total : 0;
  const confidence = share * (1 - Math.exp(-support / 1.5));
  if (winner === null || support < minSupport || share < minShare) {
    return { number: null, confidence, best: null, scores, winnerReads: 0 };
  }
  const backing = observations.filter((o) => o.number === winner && o.confidence >= minRead);
  const best = backing.reduce<NumberObservation | null>(
    (a, o) => (!a || o.confidence > a.confidence ? o : a),
    null,
  );
  return { number: winner, confidence, best, scores, winnerReads: backing.length };
}
