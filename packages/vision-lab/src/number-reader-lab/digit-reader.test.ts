import { describe, expect, it } from 'vitest';
import { decodeDigits } from './digit-reader.js';

/** A probability row with `p` on `hot` and the rest spread evenly. */
const probs = (n: number, hot: number, p = 0.9): Float32Array => {
  const a = new Float32Array(n).fill((1 - p) / (n - 1));
  a[hot] = p;
  return a;
};

describe('the trial reader’s three answers, decoded', () => {
  it('gives a two-digit number with the product of the three probabilities', () => {
    const read = decodeDigits(probs(3, 2), probs(10, 2), probs(10, 4), 0);
    expect(read.number).toBe(24);
    expect(read.confidence).toBeCloseTo(0.9 ** 3, 5);
  });

  it('gives one digit from the first head and ignores the second', () => {
    expect(decodeDigits(probs(3, 1), probs(10, 7), probs(10, 3), 0).number).toBe(7);
  });

  it('gives no number for a leading zero or when the length says none', () => {
    expect(decodeDigits(probs(3, 2), probs(10, 0), probs(10, 5), 0).number).toBeNull();
    expect(decodeDigits(probs(3, 0), probs(10, 4), probs(10, 5), 0).number).toBeNull();
  });

  it('reads the n-th crop of a batch from its own rows', () => {
    const two = (a: Float32Array, b: Float32Array): Float32Array => Float32Array.from([...a, ...b]);
    const read = decodeDigits(
      two(probs(3, 0), probs(3, 2)),
      two(probs(10, 1), probs(10, 9)),
      two(probs(10, 1), probs(10, 9)),
      1,
    );
    expect(read.number).toBe(99);
  });
});
