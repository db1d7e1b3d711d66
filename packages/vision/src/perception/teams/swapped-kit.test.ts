import { describe, expect, it } from 'vitest';
import type { Lab } from './lab-colour.js';
import { swappedKitTeam } from './swapped-kit.js';

const teams = (a: Lab, b: Lab): { letter: 'A' | 'B'; colour: Lab }[] => [
  { letter: 'A', colour: a },
  { letter: 'B', colour: b },
];

describe('swappedKitTeam', () => {
  // measured on real film: a white team and a dark blue-and-black striped team with white numbers
  const whiteAndStripes = teams([85, -1, 0], [37, 4, -8]);

  it('moves a small back whose white number was sampled as the jersey to the striped team', () => {
    // jersey: the number with the blurred blue in it; second colour: the stripes
    const kit = { jersey: [75, 3, -14] as Lab, accent: [49, 1, -14] as Lab };
    expect(swappedKitTeam(kit, 'A', whiteAndStripes)).toBe('B');
  });

  it('keeps a white shirt whose dark number only resembles the other team', () => {
    const kit = { jersey: [88, 0, 3] as Lab, accent: [38, 2, -4] as Lab };
    expect(swappedKitTeam(kit, 'A', whiteAndStripes)).toBe('A');
  });

  it('keeps a large shirt on the far side of its team from the other team (shadows, not a number)', () => {
    // purple against black: the purple shirt's shadows are black
    const kit = { jersey: [17, 34, -44] as Lab, accent: [9, 6, -2] as Lab };
    expect(swappedKitTeam(kit, 'A', teams([10, 28, -35], [8, 3, -4]))).toBe('A');
  });

  it('does nothing without two teams', () => {
    const kit = { jersey: [75, 3, -14] as Lab, accent: [49, 1, -14] as Lab };
    expect(swappedKitTeam(kit, 'A', [{ letter: 'A', colour: [85, -1, 0] }])).toBe('A');
  });
});
