import type { RgbFrame } from '../detector/types.js';
import type { DigitReader } from './digit-reader.js';
import { fuseReads, isShirtNumber, type TextRead } from './fuse-reads.js';
import type { NumberRecognizer, RecognizeOptions } from './number-recognizer.js';
import { readImageRgb } from '../detector/read-image.js';

/** A jersey number read from one crop; `number` null when unreadable. */
export interface JerseyRead {
  number: number | null;
  /** The number as printed, where the reader knows it: '00' is not '0' (decision 0024). */
  printed?: string;
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

/** Jersey numbers run 0–99 as PP-OCR reads them; longer digit strings are misreads. */
export function isPlausibleNumber(text: string): boolean {
  return isShirtNumber(text, false);
}

/**
 * Below this fused confidence a crop is 'unreadable': of 0.4 and 0.6, the one that read most held-out
 * real crops right (the soccer tracks and basketball crops the reader never trained on; not the bench's).
 */
export const DEFAULT_MIN_FUSED = 0.4;

/** Combines variant reads: the text with the highest summed confidence wins, scored by its share. */
export function combineReads(
  reads: readonly { text: string; confidence: number }[],
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
  return { number: Number(bestText), printed: bestText, confidence };
}

/** PP-OCR's reads of a crop under each test-time variant. */
export async function ocrReads(recognizer: NumberRecognizer, crop: RgbFrame): Promise<TextRead[]> {
  const reads = [];
  for (const variant of VARIANTS) reads.push(await recognizer.read(crop, variant));
  return reads;
}

/**
 * The printed number as a number for the engine; '00' travels as 0 until the analysis carries
 * printed numbers (decision 0024).
 */
function asNumber(text: string | null): number | null {
  return text === null ? null : Number(text);
}

/**
 * The two readers' fused read of one crop (`fuseReads`): PP-OCR's `reads` of it and the trained
 * reader's probabilities; its number null when the fused confidence is nil.
 */
async function fusedJerseyRead(
  reads: readonly TextRead[],
  digits: DigitReader,
  crop: RgbFrame,
): Promise<JerseyRead> {
  const [reading] = await digits.read([crop]);
  const fused = fuseReads(reads, reading!);
  return {
    number: asNumber(fused.text),
    ...(fused.text !== null ? { printed: fused.text } : {}),
    confidence: fused.confidence,
  };
}

/**
 * Reads a jersey number from a crop of the number or the torso; null when unsure. With the trained
 * reader, its probabilities are fused with PP-OCR's reads (`fuseReads`); without it, PP-OCR alone.
 */
export async function readJerseyNumber(
  recognizer: NumberRecognizer,
  crop: RgbFrame,
  minConfidence?: number,
  digits?: DigitReader | null,
): Promise<JerseyRead> {
  const reads = await ocrReads(recognizer, crop);
  const floor = minConfidence ?? (digits ? DEFAULT_MIN_FUSED : DEFAULT_MIN_CONFIDENCE);
  return readTextBox(reads, crop, digits ?? null, floor);
}

/**
 * The number in one crop from PP-OCR's `reads` of it: with the trained reader, the two readers fused
 * (`fuseReads`); without it, PP-OCR's reads combined (`combineReads`). Null below `minConfidence`.
 */
export async function readTextBox(
  reads: readonly TextRead[],
  crop: RgbFrame,
  digits: DigitReader | null,
  minConfidence: number,
): Promise<JerseyRead> {
  if (!digits) return combineReads(reads, minConfidence);
  const fused = await fusedJerseyRead(reads, digits, crop);
  return fused.confidence >= minConfidence ? fused : { number: null, confidence: fused.confidence };
}

/** Reads a jersey number from an image file (JPEG, PNG, …) of a number or a torso. */
export async function readJerseyNumberFile(
  recognizer: NumberRecognizer,
  path: string,
  minConfidence?: number,
  digits?: DigitReader | null,
): Promise<JerseyRead> {
  return readJerseyNumber(recognizer, await readImageRgb(path), minConfidence, digits);
}
