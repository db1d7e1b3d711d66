import { describe, expect, it } from 'vitest';
import { renumberPlayer } from './renumber-player.js';
import type { TrackingAnalysis, TrackingPlayer, UnnumberedPlayer } from './tracking-types.js';

const seen = (start: number, end: number): TrackingPlayer['path'] => [
  [start, 10, 10, 20, 40],
  [end, 12, 10, 20, 40],
];

const numbered = (id: string, number: number, start: number, end: number): TrackingPlayer => ({
  id,
  teamLetter: id[0] as 'A' | 'B',
  number,
  confidence: 0.7,
  appearances: [{ start, end }],
  best: { time: start, box: [10, 10, 20, 40] },
  path: seen(start, end),
});

const byPhoto = (id: string, start: number, end: number): UnnumberedPlayer => ({
  id,
  teamLetter: id[0] as 'A' | 'B',
  appearances: [{ start, end }],
  onScreenSec: end - start,
  best: { time: start, box: [10, 10, 20, 40] },
  path: seen(start, end),
});

const summary: Pick<TrackingAnalysis, 'durationSec' | 'teams' | 'players' | 'unnumbered'> = {
  durationSec: 60,
  teams: [
    { teamLetter: 'A', primaryColor: '#000080', secondaryColor: '#ffffff', players: [7, 71] },
    { teamLetter: 'B', primaryColor: '#ffffff', secondaryColor: '#000000', players: [17] },
  ],
  players: [numbered('A-7', 7, 0, 10), numbered('A-71', 71, 20, 25), numbered('B-17', 17, 0, 5)],
  unnumbered: [byPhoto('A-p9', 30, 40), byPhoto('B-p12', 40, 50)],
};

describe("a coach's number for a player", () => {
  it('numbers a player picked by photo, who leaves the unnumbered list', () => {
    const after = renumberPlayer(summary, 'A-p9', 17);
    expect(after.unnumbered.map((p) => p.id)).toEqual(['B-p12']);
    expect(after.teams[0]!.players).toEqual([7, 17, 71]);
    expect(after.teams[1]!.players).toEqual([17]);
    const player = after.players.find((p) => p.id === 'A-p9')!;
    expect(player).toMatchObject({ number: 17, confidence: 1, byCoach: true });
    expect(player.appearances).toEqual([{ start: 30, end: 40 }]);
    // the analysis it came from is left as it was
    expect(summary.unnumbered).toHaveLength(2);
  });

  it("corrects a misread: the number a teammate has already joins the two players' sightings", () => {
    const after = renumberPlayer(summary, 'A-71', 7);
    expect(after.teams[0]!.players).toEqual([7]);
    const seven = after.players.filter((p) => p.teamLetter === 'A');
    expect(seven).toHaveLength(1);
    expect(seven[0]).toMatchObject({ id: 'A-7', number: 7, byCoach: true });
    expect(seven[0]!.appearances).toEqual([
      { start: 0, end: 10 },
      { start: 20, end: 25 },
    ]);
    expect(seven[0]!.path.map((p) => p[0])).toEqual([0, 10, 20, 25]);
  });

  it('keeps the id when a number changes, so a second correction finds the player', () => {
    const once = renumberPlayer(summary, 'A-71', 17);
    const twice = renumberPlayer(once, 'A-71', 18);
    expect(twice.teams[0]!.players).toEqual([7, 18]);
  });

  it('refuses a number outside 0-99 and a player it does not know, in words', () => {
    expect(() => renumberPlayer(summary, 'A-7', 100)).toThrow(
      'A jersey number is a whole number from 0 to 99.',
    );
    expect(() => renumberPlayer(summary, 'A-nobody', 5)).toThrow(
      'That player was not found in this video.',
    );
  });
});
