import type { RhythmEvidence } from './rhythm-decoder.js';

/**
 * The live-play probability calibrated on the film itself. One pair of levels does not carry across
 * looks: a huddle can read 0.5 in a film whose plays read 0.9, and a whole game filmed from far away
 * can hold its plays at 0.4. Within a film, though, the probability ranks play above dead time well.
 * So the film's log-odds are fitted with two normal levels (expectation-maximisation over the frames
 * where a field is in view), drawn towards the model's own levels by a prior worth a fixed number of
 * frames: a short clip keeps nearly the model's levels, a whole game sets its own. Each frame is then
 * scored under both levels.
 */
export interface CalibrationPrior {
  /** The model's levels in log-odds (dead below, play above) and their spread. */
  deadMean: number;
  liveMean: number;
  sd: number;
  /** How many frames the prior is worth against the film's own. */
  weightFrames: number;
  /** The prior share of play among the frames. */
  liveShare: number;
}

export interface Calibration {
  deadMean: number;
  deadSd: number;
  liveMean: number;
  liveSd: number;
  liveShare: number;
}

const LOGIT_LIMIT = 6;
const MIN_SD = 0.35;

export function logit(p: number): number {
  const q = Math.min(1 - 1e-3, Math.max(1e-3, p));
  return Math.max(-LOGIT_LIMIT, Math.min(LOGIT_LIMIT, Math.log(q / (1 - q))));
}

function logNormalPdf(x: number, mean: number, sd: number): number {
  const z = (x - mean) / sd;
  return -0.5 * z * z - Math.log(sd * Math.sqrt(2 * Math.PI));
}

/** Fits the film's two levels; `usable[i]` false leaves frame i out (no field in view). */
export function calibrate(
  x: Float32Array,
  usable: (i: number) => boolean,
  prior: CalibrationPrior,
): Calibration {
  let c: Calibration = {
    deadMean: prior.deadMean,
    deadSd: prior.sd,
    liveMean: prior.liveMean,
    liveSd: prior.sd,
    liveShare: prior.liveShare,
  };
  const w = prior.weightFrames;
  for (let iteration = 0; iteration < 25; iteration++) {
    let nL = w * prior.liveShare;
    let nD = w * (1 - prior.liveShare);
    let sL = nL * prior.liveMean;
    let sD = nD * prior.deadMean;
    let qL = nL * (prior.sd ** 2 + prior.liveMean ** 2);
    let qD = nD * (prior.sd ** 2 + prior.deadMean ** 2);
    for (let i = 0; i < x.length; i++) {
      if (!usable(i)) continue;
      const v = x[i]!;
      const a = Math.log(c.liveShare) + logNormalPdf(v, c.liveMean, c.liveSd);
      const b = Math.log(1 - c.liveShare) + logNormalPdf(v, c.deadMean, c.deadSd);
      const r = 1 / (1 + Math.exp(b - a));
      nL += r;
      nD += 1 - r;
      sL += r * v;
      sD += (1 - r) * v;
      qL += r * v * v;
      qD += (1 - r) * v * v;
    }
    const liveMean = sL / nL;
    const deadMean = sD / nD;
    c = {
      liveMean,
      deadMean,
      liveSd: Math.max(MIN_SD, Math.sqrt(Math.max(0, qL / nL - liveMean ** 2))),
      deadSd: Math.max(MIN_SD, Math.sqrt(Math.max(0, qD / nD - deadMean ** 2))),
      liveShare: Math.min(0.9, Math.max(0.05, nL / (nL + nD))),
    };
  }
  // The levels keep their order: play above dead time.
  if (c.liveMean < c.deadMean + 0.5) {
    const middle = (c.liveMean + c.deadMean) / 2;
    c = { ...c, liveMean: middle + 0.25, deadMean: middle - 0.25 };
  }
  return c;
}

/** Per frame, the log-likelihood under play and under dead time; unusable frames are dead time. */
export function rhythmEvidence(
  x: Float32Array,
  usable: (i: number) => boolean,
  c: Calibration,
  unusablePenalty = 8,
): RhythmEvidence {
  const live = new Float32Array(x.length);
  const dead = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++) {
    if (!usable(i)) {
      live[i] = -unusablePenalty;
      dead[i] = 0;
      continue;
    }
    // Beyond the levels a frame is no more "dead" or "live" than at them: the tails are flattened so
    // one extreme frame cannot outvote its neighbours.
    const v = x[i]!;
    live[i] = logNormalPdf(Math.min(v, c.liveMean), c.liveMean, c.liveSd);
    dead[i] = logNormalPdf(Math.max(v, c.deadMean), c.deadMean, c.deadSd);
  }
  return { live, dead };
}
