import type { RgbFrame } from '../detector/types.js';
import type { NumberRecognizer, RecognizeOptions } from './number-recognizer.js';
import { readImageRgb } from '../detector/read-image.js';

/** A jersey number read from one crop; `number` null when unreadable. */
export interface JerseyRead {
  number: number | null;
  /** 0–1: agreement-weighted confidence over the test-time variants. */
  confidence: number;
}

/**
 * Test-time variants: jersey digits are tall and narrow, so the crop is also read stretched
 * sideways (PP-OCR learnt wider glyphs), and once contrast-stretched. Chosen on the real crops set.
 */
const VARIANTS: RecognizeOptions[] = [
  {},
  { stretch: 1.3 },
  { stretch: 1.6 },
  { stretch: 1.3, normalise: true },
];

/** Below this agreement a crop is 'unreadable' (chosen on the real crops: fewest wrong numbers). */
const DEFAULT_MIN_CONFIDENCE = 0.3;

/** Jersey numbers run 0–99; longer digit strings are misreads. */
export function isPlausibleNumber(text: string): boolean {
  return /^\d{1,2}$/.test(text) && !(text.length === 2 && text.startsWith('0'));
}

/** Combines variant reads: the text with the highest summed confidence wins, scored by its share. */
export function combineReads(
  reads: { text: string; confidence: number }[],
  minConfidence: number,
): JerseyRead {
  const scores = new Map<string, number>();
  for (const r of reads) {
    if (!isPlausibleNumber(r.text)) continue;
    scores.set(r.text, (scores.get(r.text) ?? 0) + r.confidence);
  }
  let bestText = '';
  let bestScore = 0;
  for (const [text, score] of scores) {
    if (score > bestScore) {
      bestText = text;
      bestScore = score;
    }
  }
  const confidence = reads.length > 0 ? bestScore / reads.length : 0;
  if (!bestText || confidence < minConfidence) return { number: null, confidence };
  return { number: Number(bestText), confidence };
}

/** Reads a jersey number from a crop of the number or the torso; null when unsure. */
export async function readJerseyNumber(
  recognizer: NumberRecognizer,
  crop: RgbFrame,
  minConfidence = DEFAULT_MIN_CONFIDENCE,
): Promise<JerseyRead> {
  const reads = [];
  for (const variant of VARIANTS) reads.push(await recognizer.read(crop, variant));
  return combineReads(reads, minConfidence);
}

/** Reads a jersey number from an image file (JPEG, PNG, …) of a number or a torso. */
export async function readJerseyNumberFile(
  recognizer: NumberRecognizer,
  path: string,
  minConfidence = DEFAULT_MIN_CONFIDENCE,
): Promise<JerseyRead> {
  return readJerseyNumber(recognizer, await readImageRgb(path), minConfidence);
}
