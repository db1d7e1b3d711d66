import { PRINTED_NUMBERS, type DigitReading } from './digit-reader.js';

/** One recogniser read: the digits seen ('' when none) and how sure it was, 0–1. */
export interface TextRead {
  text: string;
  confidence: number;
}

/** The fused read of one crop: the printed number ('' never: null when none is sure enough). */
export interface FusedRead {
  text: string | null;
  /** 0–1, on the scale of either reader's own probability (their geometric mean). */
  confidence: number;
}

/**
 * Numbers a shirt carries, as printed: 0–99, and '00' (a leading zero nowhere else). `allowDoubleZero`
 * is off for the PP-OCR-only path, which reads '00' mostly off other prints (scores, dates).
 */
export function isShirtNumber(text: string, allowDoubleZero = true): boolean {
  if (text === '00') return allowDoubleZero;
  return /^\d{1,2}$/.test(text) && !(text.length === 2 && text.startsWith('0'));
}

/**
 * How much of PP-OCR's vote is spread evenly over every answer (each number and "none") before the
 * two readers' probabilities are multiplied: where PP-OCR reads nothing, or something else, the
 * trained reader's own probabilities still rank the answers; where both read the same number, it wins
 * by far.
 */
export const OCR_SPREAD = 0.5;

/**
 * PP-OCR's reads of a crop (its test-time variants) and the trained reader's probabilities, fused as
 * a product of the two: PP-OCR's vote for each answer (its variants' confidences, averaged, plus
 * an even share `spread` over all 102 answers) times the reader's probability of it, normalised over
 * every answer. The winner's normalised product is its confidence; "none" winning is a null number.
 */
export function fuseReads(
  ocr: readonly TextRead[],
  reading: Pick<DigitReading, 'probabilityOf'>,
  spread = OCR_SPREAD,
): FusedRead {
  const votes = new Map<string, number>();
  let voted = 0;
  for (const read of ocr) {
    if (!isShirtNumber(read.text)) continue;
    const vote = read.confidence / Math.max(1, ocr.length);
    votes.set(read.text, (votes.get(read.text) ?? 0) + vote);
    voted += vote;
  }
  const answers = ['', ...PRINTED_NUMBERS];
  const even = spread / answers.length;
  const ocrOf = (text: string): number =>
    (1 - spread) * (text === '' ? 1 - voted : (votes.get(text) ?? 0)) + even;
  let total = 0;
  let best = { text: '', product: -1 };
  for (const text of answers) {
    const product = ocrOf(text) * reading.probabilityOf(text);
    total += product;
    if (product > best.product) best = { text, product };
  }
  const confidence = total > 0 ? best.product / total : 0;
  return { text: best.text === '' ? null : best.text, confidence };
}
