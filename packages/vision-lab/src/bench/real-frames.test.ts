import { describe, expect, it } from 'vitest';
import { sharedMediaForTests, withSkipReason } from '@filmroom/test-media';
import type { TrackingPlayer } from '@filmroom/vision/tracking';
import { foldOf, readRealFrameLabels, scoreRealFrame, type LabelledFrame } from './real-frames.js';

const player = (teamLetter: 'A' | 'B', number: number, confidence = 0.9): TrackingPlayer => ({
  id: `${teamLetter}${number}`,
  teamLetter,
  number,
  confidence,
  appearances: [],
  best: { time: 0, box: [0, 0, 1, 1] },
  path: [],
});

const frame: LabelledFrame = {
  file: 'f.jpg',
  sport: 'soccer',
  teams: [
    { colour: 'red', numbers: [8, 10, 14], libero: false },
    { colour: 'white', numbers: [2, 91], libero: false },
    { colour: 'yellow (libero of white team)', numbers: [5], libero: true },
  ],
};

describe('real-frame scoring', () => {
  it('counts listed certain numbers, numbers no label names, and team pairs', () => {
    const s = scoreRealFrame(frame, {
      players: [player('A', 8), player('A', 10), player('B', 2), player('B', 5), player('A', 33)],
    });
    expect(s.certain).toBe(6);
    expect(s.listedCertain).toBe(4);
    expect(s.misses).toEqual([14, 91]);
    expect(s.unlabelled).toEqual([33]);
    // 8–10 together, 8–2 and 10–2 apart: all agree; the libero's 5 is not paired
    expect(s.pairs).toBe(3);
    expect(s.pairsAgreeing).toBe(3);
  });

  it('says when two labelled teams were merged into one', () => {
    const s = scoreRealFrame(frame, { players: [player('A', 8), player('A', 2)] });
    expect(s.pairs).toBe(1);
    expect(s.pairsAgreeing).toBe(0);
  });

  it('takes the surer team of a number listed twice', () => {
    const s = scoreRealFrame(frame, {
      players: [player('A', 8), player('A', 2, 0.3), player('B', 2, 0.8)],
    });
    expect(s.pairsAgreeing).toBe(1);
  });
});

const media = sharedMediaForTests('real-frames');
describe.skipIf(!media.path)(withSkipReason('real-frame labels', media), () => {
  it('reads 28 frames and 83 certain numbers, split in two folds that hold every sport', async () => {
    const frames = await readRealFrameLabels(media.path!);
    expect(frames).toHaveLength(28);
    const certain = frames.reduce((n, f) => n + new Set(f.teams.flatMap((t) => t.numbers)).size, 0);
    expect(certain).toBe(83);
    for (const fold of ['A', 'B'] as const) {
      const sports = new Set(frames.filter((f) => foldOf(f, frames) === fold).map((f) => f.sport));
      expect(sports.size).toBe(4);
    }
  });
});
