import type { PictureArea } from '../../media/picture-area.js';
import type { MediaInfo } from '../../media/probe.js';
import { filmStills } from './film-stills.js';
import { sportFeatures, type RgbImage } from './sport-features.js';
import {
  distanceFromClass,
  shippedSportModel,
  softmax,
  sportLogits,
  type SportClass,
  type SportModel,
} from './sport-model.js';
import type { FilmSport } from './sports.js';

/** How many stills a film is judged on, and their width: a handful of small keyframes. */
export const SPORT_STILLS = { count: 6, width: 160 } as const;

export interface SportDetection {
  /** The film's sport, or unknown when the model is not sure enough (or sees no sport). */
  sport: FilmSport | 'unknown';
  /** The probability of the top class (0..1). */
  confidence: number;
  /** The top class, named or not. */
  likeliest: SportClass;
  /** How far (in spreads) the film's furthest feature lies from the films of its top class. */
  distance: number;
  /** Every class's probability, for the record. */
  probabilities: Record<SportClass, number>;
  stills: number;
}

/**
 * A film's sport from its stills: each still's class scores are averaged (a film is one sport, and a
 * shot of the crowd or a close-up should only weaken the vote, not decide it), and the top sport is
 * named only when its probability reaches the model's `minConfidence` and the film looks like the
 * films of that sport the model was fitted on (no feature further than `maxDistance` spreads).
 */
export function classifySportStills(
  stills: readonly RgbImage[],
  model: SportModel = shippedSportModel(),
): SportDetection {
  const sums = model.classes.map(() => 0);
  const meanFeatures = model.featureNames.map(() => 0);
  for (const still of stills) {
    const features = sportFeatures(still);
    features.forEach((v, i) => (meanFeatures[i]! += v / stills.length));
    sportLogits(model, features).forEach((logit, c) => (sums[c]! += logit));
  }
  const probabilities = softmax(sums.map((sum) => sum / Math.max(1, stills.length)));
  let top = 0;
  probabilities.forEach((p, c) => {
    if (p > probabilities[top]!) top = c;
  });
  const likeliest = model.classes[top]!;
  const confidence = stills.length > 0 ? probabilities[top]! : 0;
  const distance = stills.length > 0 ? distanceFromClass(model, top, meanFeatures) : Infinity;
  const named =
    likeliest !== 'none' && confidence >= model.minConfidence && distance <= model.maxDistance;
  return {
    sport: named ? (likeliest as FilmSport) : 'unknown',
    confidence: Math.round(confidence * 1000) / 1000,
    likeliest,
    distance: Math.round(distance * 100) / 100,
    probabilities: Object.fromEntries(
      model.classes.map((c, i) => [c, Math.round(probabilities[i]! * 1000) / 1000]),
    ) as Record<SportClass, number>,
    stills: stills.length,
  };
}

/**
 * Detects a film's sport from a handful of keyframes spread over it (surface colour and texture, the
 * lines on grass, a net's long edge). Cheap: only those keyframes are decoded, at 160 pixels wide.
 */
export async function detectSport(options: {
  input: string;
  info: MediaInfo;
  /** The picture inside black bars, when known. */
  crop?: PictureArea;
  signal?: AbortSignal;
  model?: SportModel;
}): Promise<SportDetection> {
  const stills = await filmStills({
    input: options.input,
    info: options.info,
    count: SPORT_STILLS.count,
    width: SPORT_STILLS.width,
    ...(options.crop ? { crop: options.crop } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return classifySportStills(stills, options.model);
}
