import { describe, expect, it } from 'vitest';
import { playsThatStandOut } from './play-contrast.js';

/** People's movement per frame: `quiet` everywhere but the given [from, to, level] stretches. */
function movement(frames: number, quiet: number, stretches: [number, number, number][]) {
  const m = new Float32Array(frames).fill(quiet);
  for (const [from, to, level] of stretches) m.fill(level, from, to);
  return m;
}

describe('a play stands out from the film’s quiet moments', () => {
  it('drops a stretch that moves far less than the film’s plays: a defence adjusting, no snap', () => {
    const players = movement(400, 0, [
      [10, 40, 2],
      [100, 130, 2.2],
      [200, 230, 1.9],
      [300, 330, 0.6],
    ]);
    const chains = [
      [{ start: 10, end: 40 }],
      [{ start: 100, end: 130 }],
      [{ start: 200, end: 230 }],
      [{ start: 300, end: 330 }],
    ];
    const { kept, passedOver } = playsThatStandOut(chains, players, 0.55);
    expect(kept.map((c) => c[0]!.start)).toEqual([10, 100, 200]);
    // it rose 0.6 where the film's typical play (the lower median) rises 1.9: 32% as much
    expect(passedOver.map((p) => [p.chain[0]!.start, p.share])).toEqual([
      [300, expect.closeTo(0.6 / 1.9, 5)],
    ]);
    // the share 0 keeps every play
    expect(playsThatStandOut(chains, players, 0).kept).toHaveLength(4);
  });

  it('keeps every play of a film whose plays all move little (a rally seen from afar)', () => {
    const players = movement(400, 0, [
      [10, 40, 0.9],
      [100, 130, 1.1],
      [200, 230, 0.8],
      [300, 330, 1],
    ]);
    const chains = [10, 100, 200, 300].map((start) => [{ start, end: start + 30 }]);
    expect(playsThatStandOut(chains, players, 0.55).kept).toHaveLength(4);
  });

  it('keeps both plays of a film of two: there is no typical play to measure against', () => {
    const players = movement(200, 0, [
      [10, 40, 2],
      [100, 130, 0.3],
    ]);
    const chains = [[{ start: 10, end: 40 }], [{ start: 100, end: 130 }]];
    expect(playsThatStandOut(chains, players, 0.55).kept).toHaveLength(2);
  });

  it('keeps a play whole across its cuts, a quieter piece in its middle too', () => {
    // A fast pan reads as two cuts inside the play at 10–60; its middle piece moves little.
    const players = movement(400, 0, [
      [10, 40, 2],
      [40, 50, 0.4],
      [50, 60, 2],
      [100, 130, 2],
      [200, 230, 2],
    ]);
    const chains = [
      [
        { start: 10, end: 40 },
        { start: 40, end: 50 },
        { start: 50, end: 60 },
      ],
      [{ start: 100, end: 130 }],
      [{ start: 200, end: 230 }],
    ];
    const { kept, passedOver } = playsThatStandOut(chains, players, 0.55);
    expect(kept[0]).toHaveLength(3);
    expect(passedOver).toEqual([]);
  });

  it('passes over a clip with no snap before or after a play, and keeps the play', () => {
    // Joined clips: a defence adjusting (no snap) runs into the cut at 40, the next clip opens
    // mid-play, and a clip of players walking off follows it at 70.
    const players = movement(400, 0, [
      [10, 40, 0.5],
      [40, 70, 2],
      [70, 90, 0.3],
      [100, 130, 2],
      [200, 230, 2],
    ]);
    const chains = [
      [
        { start: 10, end: 40 },
        { start: 40, end: 70 },
        { start: 70, end: 90 },
      ],
      [{ start: 100, end: 130 }],
      [{ start: 200, end: 230 }],
    ];
    const { kept, passedOver } = playsThatStandOut(chains, players, 0.55);
    expect(kept[0]).toEqual([{ start: 40, end: 70 }]);
    expect(passedOver.map((p) => p.chain)).toEqual([
      [{ start: 10, end: 40 }],
      [{ start: 70, end: 90 }],
    ]);
  });
});
