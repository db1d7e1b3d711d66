import { readFileSync } from 'node:fs';
import type { LivePlayModel } from './live-play-model.js';

/**
 * The live-play model's weights and levels: data written by the lab's trainer
 * (packages/vision-lab/src/inactivity-lab/train-live-play-model.ts) beside this module, and copied
 * into dist by the build.
 */
export const LIVE_PLAY_WEIGHTS_FILE = new URL('./live-play-weights.json', import.meta.url);

/** Checks a parsed weights file and returns it as a model; throws on anything that is not one. */
export function parseLivePlayModel(value: unknown): LivePlayModel {
  const fail = (why: string): never => {
    throw new Error(`The live-play weights are not a model: ${why}.`);
  };
  if (typeof value !== 'object' || value === null) return fail('not an object');
  const v = value as Record<string, unknown>;
  const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
  const numbers = (key: string): number[] => {
    const list = v[key];
    if (!Array.isArray(list) || !list.every(isNumber))
      return fail(`${key} is not a list of numbers`);
    return list;
  };
  const number = (key: string): number =>
    isNumber(v[key]) ? v[key] : fail(`${key} is not a number`);
  const names = v.featureNames;
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string'))
    return fail('featureNames is not a list of names');
  const model: LivePlayModel = {
    featureNames: names,
    mean: numbers('mean'),
    std: numbers('std'),
    weights: numbers('weights'),
    bias: number('bias'),
    enter: number('enter'),
    stay: number('stay'),
    trainedOn: typeof v.trainedOn === 'string' ? v.trainedOn : fail('trainedOn is not text'),
  };
  if (v.holdSec !== undefined) model.holdSec = number('holdSec');
  const columns = names.length;
  if ([model.mean, model.std, model.weights].some((list) => list.length !== columns))
    return fail(`mean, std and weights must each have ${columns} values, one per feature`);
  return model;
}

export const LIVE_PLAY_MODEL: LivePlayModel = parseLivePlayModel(
  JSON.parse(readFileSync(LIVE_PLAY_WEIGHTS_FILE, 'utf8')),
);
