import { describe, expect, it } from 'vitest';
import { chooseLevelTrial, type LevelTrial } from './level-choice.js';

/** A 1 x 4 x 3 grid of trials: every one keeps its plays (keep 10) unless listed in `drops`. */
function grid(deadRemoved: (enter: number, stay: number) => number, drops: [number, number][]) {
  const trials: LevelTrial[] = [];
  for (let e = 0; e < 4; e++)
    for (let s = 0; s < 3; s++)
      trials.push({
        at: [0, e, s],
        enter: 0.4 + 0.05 * e,
        stay: 0.08 + 0.04 * s,
        holdSec: 0.4,
        keep: drops.some(([de, ds]) => de === e && ds === s) ? 9.5 : 10,
        deadRemoved: deadRemoved(e, s),
      });
  return trials;
}

describe('chooseLevelTrial', () => {
  // Higher levels remove more dead time, until the highest enter drops a play.
  const trials = grid((e, s) => 0.1 * e + 0.02 * s, [[3, 2]]);

  it('takes the levels that remove the most dead time while keeping every play', () => {
    const chosen = chooseLevelTrial(trials, 0);
    expect(chosen.at).toEqual([0, 3, 1]);
  });

  it('steps back from levels whose neighbours drop a play', () => {
    const chosen = chooseLevelTrial(trials, 1);
    // Every trial next to (3, 2) is out; the best of the rest keeps enter and lowers stay.
    expect(chosen.at).toEqual([0, 3, 0]);
    expect(chosen.stay).toBeCloseTo(0.08);
  });

  it('refuses an empty grid', () => {
    expect(() => chooseLevelTrial([], 1)).toThrow(/no decoding levels/);
  });
});
