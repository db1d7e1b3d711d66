import type { DigitReading } from './digit-reader.js';

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
 * Keeps a reader's unsure "no" from silencing the other outright: each probability is lifted by
 * this much before the two are multiplied, so one reader's strong read with the other's silence
 * still scores about sqrt(EPSILON), below any threshold, and a disagreement is settled by the surer.
 */
export const FUSION_EPSILON = 0.05;

/**
 * PP-OCR's reads of a crop (its test-time variants) and the trained reader's probabilities, fused by
 * multiplying each candidate number's share of the OCR reads with the reader's probability of it
 * (both lifted by `epsilon`); the confidence is the square root of that product, so two readers that
 * agree at 0.9 give 0.9. Candidates are the OCR's shirt numbers and the reader's own likeliest.
 */
export function fuseReads(
  ocr: readonly TextRead[],
  reading: Pick<DigitReading, 'probabilityOf' | 'best'>,
  epsilon = FUSION_EPSILON,
): FusedRead {
  const shares = new Map<string, number>();
  for (const read of ocr) {
    if (!isShirtNumber(read.text)) continue;
    shares.set(read.text, (shares.get(read.text) ?? 0) + read.confidence / ocr.length);
  }
  const own = reading.best().text;
  if (own) shares.set(own, shares.get(own) ?? 0);
  let best: FusedRead = { text: null, confidence: 0 };
  for (const [text, share] of shares) {
    const confidence = Math.sqrt((share + epsilon) * (reading.probabilityOf(text) + epsilon));
    if (confidence > best.confidence) best = { text, confidence };
  }
  return best;
}
