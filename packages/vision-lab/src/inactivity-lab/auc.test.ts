import { describe, expect, it } from 'vitest';
import { auc } from './auc.js';

/** Every pair compared: the definition the rank form must match. */
function pairwise(live: number[], dead: number[]): number {
  let s = 0;
  for (const l of live) for (const d of dead) s += l > d ? 1 : l === d ? 0.5 : 0;
  return s / (live.length * dead.length);
}

describe('auc', () => {
  it('matches every pair compared, ties counting half', () => {
    const live = [0.9, 0.5, 0.5, 0.2, 0.7];
    const dead = [0.1, 0.5, 0.3, 0.7, 0.05, 0.5];
    expect(auc(live, dead)).toBeCloseTo(pairwise(live, dead), 12);
    expect(auc([1, 2], [0, 0])).toBe(1);
    expect(auc([0], [1])).toBe(0);
  });

  it('is null without live or dead values', () => {
    expect(auc([], [1])).toBeNull();
    expect(auc([1], [])).toBeNull();
  });
});
