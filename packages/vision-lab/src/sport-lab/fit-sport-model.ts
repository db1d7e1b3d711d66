import {
  SPORT_FEATURE_NAMES,
  SPORT_CLASSES,
  softmax,
  sportLogits,
  type SportClass,
  type SportModel,
} from '@filmroom/vision/perception';

/** One film's or picture's stills, as feature rows, with its class and group. */
export interface SportSample {
  name: string;
  label: SportClass;
  group: string;
  /** Where it comes from: real footage or a generated film. */
  origin: 'real' | 'synthetic';
  stills: number[][];
}

const L2 = 0.002;
/** A film further than this many spreads from its class's films (on any feature) is left unknown. */
export const MAX_DISTANCE = 3;
/** A class's spread is at least this share of the feature's spread over every film. */
const MIN_SPREAD_SHARE = 0.5;
const STEPS = 800;
const RATE = 0.5;

/**
 * Fits a multinomial logistic model on the stills of `samples` by gradient descent. Every group
 * weighs the same whatever its number of stills, and every class the same in all (one real game
 * has 29 clips, another source one picture).
 */
export function fitSportModel(samples: readonly SportSample[], trainedOn: string): SportModel {
  const n = SPORT_FEATURE_NAMES.length;
  const rows: { x: number[]; y: number; w: number }[] = [];
  const groupStills = new Map<string, number>();
  const classGroups = new Map<SportClass, Set<string>>();
  for (const s of samples) {
    groupStills.set(s.group, (groupStills.get(s.group) ?? 0) + s.stills.length);
    if (!classGroups.has(s.label)) classGroups.set(s.label, new Set());
    classGroups.get(s.label)!.add(s.group);
  }
  for (const s of samples) {
    const w = 1 / groupStills.get(s.group)! / classGroups.get(s.label)!.size;
    for (const x of s.stills) rows.push({ x, y: SPORT_CLASSES.indexOf(s.label), w });
  }
  const totalWeight = rows.reduce((a, r) => a + r.w, 0);
  const mean = Array.from(
    { length: n },
    (_, i) => rows.reduce((a, r) => a + r.w * r.x[i]!, 0) / totalWeight,
  );
  const std = Array.from({ length: n }, (_, i) =>
    Math.max(
      1e-6,
      Math.sqrt(rows.reduce((a, r) => a + r.w * (r.x[i]! - mean[i]!) ** 2, 0) / totalWeight),
    ),
  );
  const k = SPORT_CLASSES.length;
  // Flat arrays: this runs a few hundred times in a held-out evaluation.
  const x = new Float64Array(rows.length * n);
  rows.forEach((r, j) => r.x.forEach((v, i) => (x[j * n + i] = (v - mean[i]!) / std[i]!)));
  const w = new Float64Array(k * n);
  const b = new Float64Array(k);
  const gw = new Float64Array(k * n);
  const gb = new Float64Array(k);
  const p = new Float64Array(k);
  for (let step = 0; step < STEPS; step++) {
    gw.fill(0);
    gb.fill(0);
    for (let j = 0; j < rows.length; j++) {
      let top = -Infinity;
      for (let c = 0; c < k; c++) {
        let sum = b[c]!;
        for (let i = 0; i < n; i++) sum += w[c * n + i]! * x[j * n + i]!;
        p[c] = sum;
        top = Math.max(top, sum);
      }
      let total = 0;
      for (let c = 0; c < k; c++) total += p[c] = Math.exp(p[c]! - top);
      const { y, w: weight } = rows[j]!;
      for (let c = 0; c < k; c++) {
        const d = (p[c]! / total - (c === y ? 1 : 0)) * weight;
        gb[c]! += d;
        for (let i = 0; i < n; i++) gw[c * n + i]! += d * x[j * n + i]!;
      }
    }
    for (let c = 0; c < k; c++) {
      b[c]! -= (RATE * gb[c]!) / totalWeight;
      for (let i = 0; i < n; i++) {
        w[c * n + i]! -= RATE * (gw[c * n + i]! / totalWeight + L2 * w[c * n + i]!);
      }
    }
  }
  const weights = Array.from({ length: k }, (_, c) => Array.from(w.subarray(c * n, c * n + n)));
  const bias = Array.from(b);
  const { classMean, classSpread } = classRanges(samples, std);
  return {
    featureNames: [...SPORT_FEATURE_NAMES],
    classes: [...SPORT_CLASSES],
    mean,
    std,
    weights,
    bias,
    minConfidence: 0.5,
    classMean,
    classSpread,
    maxDistance: MAX_DISTANCE,
    trainedOn,
  };
}

/** A sample's stills' mean features, as the runtime measures a film. */
export function meanFeatures(sample: SportSample): number[] {
  const n = SPORT_FEATURE_NAMES.length;
  const sums = new Array<number>(n).fill(0);
  for (const x of sample.stills) x.forEach((v, i) => (sums[i]! += v / sample.stills.length));
  return sums;
}

/** Per class, the mean and spread of its films' features (each group weighing the same). */
function classRanges(samples: readonly SportSample[], overallStd: readonly number[]) {
  const n = SPORT_FEATURE_NAMES.length;
  const classMean: number[][] = [];
  const classSpread: number[][] = [];
  for (const label of SPORT_CLASSES) {
    const of = samples.filter((s) => s.label === label && s.stills.length > 0);
    const groupSize = new Map<string, number>();
    for (const s of of) groupSize.set(s.group, (groupSize.get(s.group) ?? 0) + 1);
    const weighted = of.map((s) => ({ f: meanFeatures(s), w: 1 / groupSize.get(s.group)! }));
    const total = weighted.reduce((a, r) => a + r.w, 0);
    const mean = Array.from({ length: n }, (_, i) =>
      total > 0 ? weighted.reduce((a, r) => a + r.w * r.f[i]!, 0) / total : 0,
    );
    const spread = Array.from({ length: n }, (_, i) => {
      const variance =
        total > 0 ? weighted.reduce((a, r) => a + r.w * (r.f[i]! - mean[i]!) ** 2, 0) / total : 0;
      return Math.max(Math.sqrt(variance), MIN_SPREAD_SHARE * overallStd[i]!);
    });
    classMean.push(mean);
    classSpread.push(spread);
  }
  return { classMean, classSpread };
}

/** A sample's class probabilities: its stills' logits averaged, as the runtime does. */
export function sampleProbabilities(model: SportModel, sample: SportSample): number[] {
  const sums = model.classes.map(() => 0);
  for (const x of sample.stills) sportLogits(model, x).forEach((l, c) => (sums[c]! += l));
  return softmax(sums.map((s) => s / Math.max(1, sample.stills.length)));
}

/**
 * The least confidence at which the films named are right at least `precision` of the time, from
 * predictions the model made on groups it was not fitted on; wrong with high confidence is worse
 * than unknown.
 */
export function chooseMinConfidence(
  predictions: readonly { label: SportClass; predicted: SportClass; confidence: number }[],
  precision: number,
): number {
  const named = predictions.filter((p) => p.predicted !== 'none');
  const levels = [...new Set(named.map((p) => p.confidence))].sort((a, b) => a - b);
  for (const level of [0.34, ...levels]) {
    const kept = named.filter((p) => p.confidence >= level);
    if (kept.length === 0) break;
    const right = kept.filter((p) => p.predicted === p.label).length;
    if (right / kept.length >= precision) return Math.max(0.34, level);
  }
  return 0.99;
}
