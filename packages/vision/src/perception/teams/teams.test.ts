import { describe, expect, it } from 'vitest';
import { clusterTeams, type ColourItem } from './cluster-teams.js';
import { hexToLab, labDistance, labToHex } from './lab-colour.js';

const item = (id: number, hex: string, weight = 10): ColourItem => ({
  id,
  colour: hexToLab(hex),
  weight,
});

describe('teams by jersey colour', () => {
  it('splits red and blue players into two teams and keeps the referee and keeper out', () => {
    const items = [
      item(1, '#c8102e'),
      item(2, '#b8142a'),
      item(3, '#d01530'),
      item(4, '#c01030'),
      item(5, '#1d3f9e'),
      item(6, '#203a90'),
      item(7, '#1a45a8'),
      item(8, '#2040a0'),
      item(9, '#111111'), // referee
      item(10, '#f28a00', 6), // keeper
    ];
    const { teams, assignment } = clusterTeams(items);
    expect(teams).toHaveLength(2);
    const red = assignment.get(1);
    const blue = assignment.get(5);
    expect(red).not.toBeNull();
    expect(blue).not.toBeNull();
    expect(red).not.toBe(blue);
    for (const id of [2, 3, 4]) expect(assignment.get(id)).toBe(red);
    for (const id of [6, 7, 8]) expect(assignment.get(id)).toBe(blue);
    expect(assignment.get(9)).toBeNull();
    expect(assignment.get(10)).toBeNull();
  });

  it('keeps close colours (navy and purple) apart', () => {
    const items = [
      item(1, '#24305e'),
      item(2, '#273360'),
      item(3, '#212c58'),
      item(4, '#5b2a86'),
      item(5, '#582884'),
      item(6, '#5e2d8a'),
    ];
    const { assignment } = clusterTeams(items);
    expect(new Set([1, 2, 3].map((id) => assignment.get(id))).size).toBe(1);
    expect(new Set([4, 5, 6].map((id) => assignment.get(id))).size).toBe(1);
    expect(assignment.get(1)).not.toBe(assignment.get(4));
  });

  it('reports one team when everyone wears the same colour', () => {
    const items = [item(1, '#c8102e'), item(2, '#c4122c'), item(3, '#cc0f30'), item(4, '#c81230')];
    const { teams, assignment } = clusterTeams(items);
    expect(teams).toHaveLength(1);
    expect([...assignment.values()].every((l) => l === 'A')).toBe(true);
  });

  it('gives team colours back as hex close to the jersey', () => {
    const lab = hexToLab('#c8102e');
    expect(labDistance(hexToLab(labToHex(lab)), lab)).toBeLessThan(1);
  });
});
