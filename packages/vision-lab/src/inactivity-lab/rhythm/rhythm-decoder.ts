/**
 * Decodes a film's live play from its per-frame probability with the rhythm of a game: an explicit-
 * duration (semi-Markov) Viterbi over two alternating states, play and dead time, run on each shot on
 * its own. A play's length follows its sport's prior (a log-normal between a least and a most), dead
 * time between two plays of one shot lasts at least the sport's least gap (then any longer, with a
 * geometric tail). A shot's first and last stretch are cut by the shot's edges, so their length is
 * scored by how likely a stretch is to last at least that long (the prior's survival), and a shot that
 * starts mid-play keeps its start. Per frame, each state is scored by how the frame's log-odds fit the
 * film's own two levels (calibrate.ts), weighted down because neighbouring frames are not independent.
 * Linear in film length: O(frames × longest play).
 */

/** How long plays and the waits between them last in one sport (seconds). */
export interface GameRhythm {
  /** A play: at least minSec, most likely around medianSec (log-normal spread sigma), at most maxSec. */
  play: { minSec: number; medianSec: number; sigma: number; maxSec: number };
  /** Dead time between two plays of one shot: at least minSec, then on average meanExtraSec longer. */
  gap: { minSec: number; meanExtraSec: number };
}

export interface RhythmEvidence {
  /** Per frame: the log-likelihood of the frame under play and under dead time. */
  live: Float32Array;
  dead: Float32Array;
}

/** A run of frames [start, end) decoded as play. */
export interface DecodedPlay {
  start: number;
  end: number;
}

const NEG = -1e30;

function logNormalLogPdf(x: number, median: number, sigma: number): number {
  const z = (Math.log(x) - Math.log(median)) / sigma;
  return -0.5 * z * z - Math.log(x * sigma * Math.sqrt(2 * Math.PI));
}

/** log P(D ≥ x) of the log-normal (complementary error function by Abramowitz–Stegun 7.1.26). */
function logNormalLogSurvival(x: number, median: number, sigma: number): number {
  const z = (Math.log(x) - Math.log(median)) / (sigma * Math.SQRT2);
  return Math.log(Math.max(1e-12, 0.5 * erfc(z)));
}

function erfc(z: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(z));
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413061 + t * (-1.453152027 + t * 1.061405429))));
  const r = poly * Math.exp(-z * z);
  return z >= 0 ? r : 2 - r;
}

/** Per play length in frames (1..max): log-probability, and log-survival for a cut-off play. */
function playDurationTables(
  rhythm: GameRhythm,
  fps: number,
): { logPmf: Float64Array; logSurvival: Float64Array } {
  const { minSec, medianSec, sigma, maxSec } = rhythm.play;
  const max = Math.max(1, Math.round(maxSec * fps));
  const logPmf = new Float64Array(max + 1).fill(NEG);
  const logSurvival = new Float64Array(max + 1).fill(NEG);
  for (let d = 1; d <= max; d++) {
    const sec = d / fps;
    logSurvival[d] = logNormalLogSurvival(sec, medianSec, sigma);
    if (sec >= minSec) logPmf[d] = logNormalLogPdf(sec, medianSec, sigma) - Math.log(fps);
  }
  return { logPmf, logSurvival };
}

/**
 * The plays of one shot, frames [from, to) of the evidence, as runs of frames relative to the film.
 * `weight` scales the evidence against the rhythm's priors.
 */
export function decodeShot(
  evidence: RhythmEvidence,
  from: number,
  to: number,
  rhythm: GameRhythm,
  fps: number,
  weight: number,
): DecodedPlay[] {
  const n = to - from;
  if (n <= 0) return [];
  // Prefix sums of each state's evidence: a stretch's score is a difference.
  const cumLive = new Float64Array(n + 1);
  const cumDead = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    cumLive[i + 1] = cumLive[i]! + weight * evidence.live[from + i]!;
    cumDead[i + 1] = cumDead[i]! + weight * evidence.dead[from + i]!;
  }
  const live = (a: number, b: number): number => cumLive[b]! - cumLive[a]!;
  const dead = (a: number, b: number): number => cumDead[b]! - cumDead[a]!;
  const { logPmf, logSurvival } = playDurationTables(rhythm, fps);
  const maxPlay = logPmf.length - 1;
  const minGap = Math.max(1, Math.round(rhythm.gap.minSec * fps));
  const stayDead = Math.log(1 - 1 / Math.max(1.0001, rhythm.gap.meanExtraSec * fps));
  const newDead = Math.log(1 / Math.max(1.0001, rhythm.gap.meanExtraSec * fps));

  // playEnd[t]: the best score of frames [0, t) ending with a play that ends at t;
  // deadEnd[t]: ending with dead time at t. Back-pointers say where that last stretch began and
  // whether it was the shot's first stretch.
  const playEnd = new Float64Array(n + 1).fill(NEG);
  const deadEnd = new Float64Array(n + 1).fill(NEG);
  const playFrom = new Int32Array(n + 1).fill(-1);
  const deadFrom = new Int32Array(n + 1).fill(-1);
  for (let t = 1; t <= n; t++) {
    // Dead time from the shot's start (cut off: any length).
    let best = dead(0, t);
    let bestFrom = 0;
    // Dead time between plays: at least minGap, extended frame by frame.
    if (t - 1 >= 1 && deadFrom[t - 1]! > 0 && deadEnd[t - 1]! > NEG / 2) {
      const extend = deadEnd[t - 1]! + stayDead + dead(t - 1, t);
      if (extend > best) [best, bestFrom] = [extend, deadFrom[t - 1]!];
    }
    if (t - minGap >= 1 && playEnd[t - minGap]! > NEG / 2) {
      const open = playEnd[t - minGap]! + newDead + dead(t - minGap, t);
      if (open > best) [best, bestFrom] = [open, t - minGap];
    }
    deadEnd[t] = best;
    deadFrom[t] = bestFrom;
    // A play ending at t: from the shot's start (cut off), or after dead time.
    let bestPlay = NEG;
    let bestPlayFrom = -1;
    for (let d = 1; d <= Math.min(t, maxPlay); d++) {
      const s = t - d;
      const score =
        s === 0
          ? logSurvival[d]! + live(0, t)
          : deadEnd[s]! > NEG / 2 && logPmf[d]! > NEG / 2
            ? deadEnd[s]! + logPmf[d]! + live(s, t)
            : NEG;
      if (score > bestPlay) [bestPlay, bestPlayFrom] = [score, s];
    }
    playEnd[t] = bestPlay;
    playFrom[t] = bestPlayFrom;
  }
  // The shot's last stretch is cut off by its end: a play there is scored by its survival.
  let finalState: 'play' | 'dead' = 'dead';
  let finalScore = deadEnd[n]!;
  let finalFrom = -1;
  for (let d = 1; d <= Math.min(n, maxPlay); d++) {
    const s = n - d;
    const before = s === 0 ? 0 : deadEnd[s]!;
    if (before < NEG / 2) continue;
    const score = before + logSurvival[d]! + live(s, n);
    if (score > finalScore) [finalScore, finalState, finalFrom] = [score, 'play', s];
  }
  const plays: DecodedPlay[] = [];
  let t = n;
  let state = finalState;
  if (state === 'play') {
    plays.push({ start: from + finalFrom, end: from + n });
    t = finalFrom;
    state = 'dead';
  }
  while (t > 0) {
    if (state === 'dead') {
      t = deadFrom[t]!;
      state = 'play';
    } else {
      const s = playFrom[t]!;
      plays.push({ start: from + s, end: from + t });
      t = s;
      state = 'dead';
    }
  }
  return plays.reverse();
}
