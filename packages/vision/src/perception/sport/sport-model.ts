import { readFileSync } from 'node:fs';
import { FILM_SPORTS, type FilmSport } from './sports.js';
import { SPORT_FEATURE_NAMES } from './sport-features.js';

/** What a still can show: one of the sports, or no sport at all. */
export type SportClass = FilmSport | 'none';
export const SPORT_CLASSES: readonly SportClass[] = [...FILM_SPORTS, 'none'];

/**
 * A multinomial logistic model over the still features, and the confidence under which a film's
 * sport is left unknown. Written by the lab's trainer (packages/vision-lab/src/sport-lab).
 */
export interface SportModel {
  featureNames: string[];
  classes: SportClass[];
  mean: number[];
  std: number[];
  /** One row of weights per class, over the standardised features. */
  weights: number[][];
  bias: number[];
  /** A film's top class must reach this probability to be named. */
  minConfidence: number;
  /**
   * Per class, the mean and spread of the films it was fitted on (their stills' mean features): a
   * film is named only if no feature lies further than `maxDistance` spreads from its class's films,
   * so a look the model never saw is left unknown instead of extrapolated.
   */
  classMean: number[][];
  classSpread: number[][];
  maxDistance: number;
  trainedOn: string;
}

export const SPORT_WEIGHTS_FILE = new URL('./sport-weights.json', import.meta.url);

/** Checks a parsed weights file; throws on anything that is not a model for today's features. */
export function parseSportModel(value: unknown): SportModel {
  const fail = (why: string): never => {
    throw new Error(`The sport weights are not a model: ${why}.`);
  };
  if (typeof value !== 'object' || value === null) return fail('not an object');
  const v = value as Record<string, unknown>;
  const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
  const numbers = (x: unknown, name: string): number[] =>
    Array.isArray(x) && x.every(isNumber) ? x : fail(`${name} is not a list of numbers`);
  const names = v.featureNames;
  if (
    !Array.isArray(names) ||
    names.length !== SPORT_FEATURE_NAMES.length ||
    names.some((name, i) => name !== SPORT_FEATURE_NAMES[i])
  )
    return fail('its features are not the ones computed');
  const classes = v.classes;
  if (
    !Array.isArray(classes) ||
    classes.some((c) => !(SPORT_CLASSES as readonly unknown[]).includes(c))
  )
    return fail('classes are not sports');
  const weights = Array.isArray(v.weights) ? v.weights : fail('weights is not a list');
  const model: SportModel = {
    featureNames: names as string[],
    classes: classes as SportClass[],
    mean: numbers(v.mean, 'mean'),
    std: numbers(v.std, 'std'),
    weights: weights.map((row, i) => numbers(row, `weights[${i}]`)),
    bias: numbers(v.bias, 'bias'),
    minConfidence: isNumber(v.minConfidence) ? v.minConfidence : fail('minConfidence'),
    classMean: (Array.isArray(v.classMean) ? v.classMean : fail('classMean')).map((row, i) =>
      numbers(row, `classMean[${i}]`),
    ),
    classSpread: (Array.isArray(v.classSpread) ? v.classSpread : fail('classSpread')).map(
      (row, i) => numbers(row, `classSpread[${i}]`),
    ),
    maxDistance: isNumber(v.maxDistance) ? v.maxDistance : fail('maxDistance'),
    trainedOn: typeof v.trainedOn === 'string' ? v.trainedOn : fail('trainedOn is not text'),
  };
  const n = names.length;
  if (model.mean.length !== n || model.std.length !== n) return fail('mean/std size');
  if (model.weights.length !== model.classes.length || model.bias.length !== model.classes.length)
    return fail('one row of weights and a bias per class');
  if (model.weights.some((row) => row.length !== n)) return fail('weights row size');
  if (
    model.classMean.length !== model.classes.length ||
    model.classSpread.length !== model.classes.length ||
    [...model.classMean, ...model.classSpread].some((row) => row.length !== n)
  )
    return fail('one mean and spread per class and feature');
  return model;
}

let shipped: SportModel | undefined;

/** The model shipped beside this module. */
export function shippedSportModel(): SportModel {
  shipped ??= parseSportModel(JSON.parse(readFileSync(SPORT_WEIGHTS_FILE, 'utf8')));
  return shipped;
}

/** Each class's score (logit) for one still's features. */
export function sportLogits(model: SportModel, features: readonly number[]): number[] {
  return model.weights.map((row, c) => {
    let sum = model.bias[c]!;
    for (let i = 0; i < row.length; i++) {
      sum += row[i]! * ((features[i]! - model.mean[i]!) / (model.std[i]! || 1));
    }
    return sum;
  });
}

/** How many spreads the furthest feature of `features` lies from the films of class `c`. */
export function distanceFromClass(
  model: SportModel,
  c: number,
  features: readonly number[],
): number {
  let furthest = 0;
  features.forEach((value, i) => {
    const spread = model.classSpread[c]![i]!;
    const d = Math.abs(value - model.classMean[c]![i]!) / (spread > 0 ? spread : 1);
    furthest = Math.max(furthest, d);
  });
  return furthest;
}

export function softmax(logits: readonly number[]): number[] {
  const top = Math.max(...logits);
  const exp = logits.map((l) => Math.exp(l - top));
  const total = exp.reduce((a, b) => a + b, 0);
  return exp.map((e) => e / total);
}
