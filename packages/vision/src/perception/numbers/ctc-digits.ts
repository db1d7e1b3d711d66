/** What a digits-only CTC decode found. */
export interface DigitsDecode {
  text: string;
  /** Mean probability of the emitted digits (0 when none). */
  confidence: number;
  /** Lowest probability among the emitted digits (0 when none). */
  minConfidence: number;
}

/**
 * Greedy CTC decoding restricted to the blank and the ten digits: at each step the best of those
 * eleven classes wins (probabilities renormalised over them), repeats collapse, blanks separate.
 * `digitClasses[d]` is the class index of digit d; class 0 is the blank.
 */
export function decodeDigitsCtc(
  probs: Float32Array,
  steps: number,
  classes: number,
  digitClasses: readonly number[],
): DigitsDecode {
  let text = '';
  const emitted: number[] = [];
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    const row = t * classes;
    const blank = probs[row] ?? 0;
    let bestDigit = -1;
    let bestP = blank;
    let sum = blank;
    for (let d = 0; d < 10; d++) {
      const p = probs[row + (digitClasses[d] ?? 0)] ?? 0;
      sum += p;
      if (p > bestP) {
        bestP = p;
        bestDigit = d;
      }
    }
    if (bestDigit >= 0 && bestDigit !== previous) {
      text += String(bestDigit);
      emitted.push(sum > 0 ? bestP / sum : 0);
    }
    if (bestDigit >= 0) {
      // extend a repeated digit: keep the stronger probability of the run
      const last = emitted.length - 1;
      if (bestDigit === previous && last >= 0)
        emitted[last] = Math.max(emitted[last] ?? 0, sum > 0 ? bestP / sum : 0);
    }
    previous = bestDigit;
  }
  if (emitted.length === 0) return { text: '', confidence: 0, minConfidence: 0 };
  const mean = emitted.reduce((a, b) => a + b, 0) / emitted.length;
  return { text, confidence: mean, minConfidence: Math.min(...emitted) };
}
