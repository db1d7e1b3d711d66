import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedMediaForTests, withSkipReason } from '@filmroom/test-media';
import { decodeDigitsCtc } from './ctc-digits.js';
import { NumberRecognizer } from './number-recognizer.js';
import { readJerseyNumber, readJerseyNumberFile } from './read-jersey-number.js';
import { voteWindows } from './read-person-number.js';
import { bandCoverage } from './torso-crop.js';
import { voteTrackNumber, type NumberObservation } from './track-vote.js';

const cropsMedia = sharedMediaForTests('jersey-crops');
const crops = cropsMedia.path ?? '';

describe('jersey number reader', () => {
  let recognizer: NumberRecognizer;
  beforeAll(async () => {
    recognizer = await NumberRecognizer.create();
  });
  afterAll(async () => {
    await recognizer.close();
  });

  it.skipIf(!cropsMedia.path)(
    withSkipReason('reads the numbers on real jersey crops', cropsMedia),
    async () => {
      const labelled: [string, number][] = [
        ['sn_907_907_660.jpg', 27],
        ['sn_1223_1223_569.jpg', 3],
        ['sn_1357_1357_69.jpg', 26],
        ['sn_1105_1105_525.jpg', 23],
        ['sn_455_455_317.jpg', 24],
        ['sn_1337_1337_324.jpg', 10],
      ];
      let correct = 0;
      for (const [file, number] of labelled) {
        const read = await readJerseyNumberFile(recognizer, join(crops, file));
        if (read.number === number) correct++;
      }
      expect(correct).toBeGreaterThanOrEqual(5);
    },
  );

  it('says unreadable on a crop with no number instead of guessing', async () => {
    const plain = { width: 40, height: 48, data: new Uint8Array(40 * 48 * 3).fill(90) };
    const read = await readJerseyNumber(recognizer, plain);
    expect(read.number).toBeNull();
  });
});

describe('digits-only decoding', () => {
  it('collapses repeated digits and splits them at blanks', () => {
    const classes = 12;
    const digitClasses = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    // steps: 1, 1, blank, 1, 7  -> "117"
    const best = [2, 2, 0, 2, 8];
    const probs = new Float32Array(best.length * classes);
    best.forEach((c, t) => (probs[t * classes + c] = 0.9));
    const read = decodeDigitsCtc(probs, best.length, classes, digitClasses);
    expect(read.text).toBe('117');
    expect(read.confidence).toBeGreaterThan(0.8);
  });
});

describe('per-track vote', () => {
  const obs = (number: number | null, confidence: number, timeSec: number): NumberObservation => ({
    number,
    confidence,
    timeSec,
    box: [0, 0, 10, 20],
  });

  it('gives the number most reads agree on, and the frame where it read best', () => {
    const vote = voteTrackNumber([
      obs(12, 0.8, 1),
      obs(12, 0.97, 2),
      obs(17, 0.6, 3),
      obs(null, 0, 4),
    ]);
    expect(vote.number).toBe(12);
    expect(vote.best?.timeSec).toBe(2);
  });

  it('tells when the reads backing the winner were taken', () => {
    const vote = voteTrackNumber([obs(12, 0.9, 3), obs(17, 0.55, 2), obs(12, 0.8, 1)]);
    expect(vote.winnerReads).toBe(2);
    expect(vote.winnerTimes).toEqual([1, 3]);
    expect(voteTrackNumber([obs(12, 0.9, 1), obs(17, 0.9, 2)]).winnerTimes).toEqual([]);
  });

  it('says unreadable when the reads disagree', () => {
    const vote = voteTrackNumber([obs(12, 0.9, 1), obs(17, 0.9, 2)]);
    expect(vote.number).toBeNull();
  });

  it('lets clear views outweigh a run of doubtful misreads, but not a single clear view', () => {
    const doubtful = [0.7, 0.65, 0.8, 0.75, 0.7].map((c, i) => obs(16, c, 10 + i));
    const vote = voteTrackNumber([obs(14, 0.99, 1), obs(14, 1, 2), obs(14, 0.98, 3), ...doubtful]);
    expect(vote.number).toBe(14);
    expect(voteTrackNumber([obs(14, 0.99, 1), obs(14, 0.6, 2), ...doubtful]).number).toBe(16);
    // clear views that disagree decide nothing
    const split = [obs(14, 0.99, 1), obs(14, 1, 2), obs(16, 0.98, 3), obs(16, 0.97, 4)];
    expect(voteTrackNumber(split).number).toBeNull();
  });

  it('does not take doubtful one-digit reads (half of a two-digit number, a fold) for a number', () => {
    const doubtful = [0.7, 0.65, 0.75].map((c, i) => obs(6, c, i));
    expect(voteTrackNumber(doubtful).number).toBeNull();
    expect(voteTrackNumber([...doubtful, obs(9, 0.85, 4)]).number).toBe(9);
    expect(voteTrackNumber([obs(6, 0.85, 1), obs(6, 0.9, 2)]).number).toBe(6);
  });

  it('still reads a player when the one crossing is behind him, not when in front', () => {
    const box: [number, number, number, number] = [100, 100, 40, 100];
    const band: [number, number, number, number] = [108, 111, 24, 32];
    const behind: [number, number, number, number] = [110, 90, 40, 100]; // feet higher: farther
    const inFront: [number, number, number, number] = [110, 110, 40, 100];
    expect(bandCoverage(band, box, [behind])).toBe(0);
    expect(bandCoverage(band, box, [inFront])).toBeGreaterThan(0.5);
  });
});

describe('the windows over a text region vote', () => {
  const read = (text: string, confidence: number) => ({
    text,
    confidence,
    minConfidence: confidence,
  });

  it('takes the number most windows read, not a window that cut a digit off', () => {
    const vote = voteWindows([
      read('77', 0.88),
      read('7', 0.72),
      read('77', 0.97),
      read('', 0),
      read('77', 0.9),
      read('17', 0.65),
    ]);
    expect(vote.number).toBe(77);
    expect(vote.confidence).toBeCloseTo(0.97 * (2.75 / (2.75 + 0.65)));
  });

  it('gives nothing for a lone window read or a split vote', () => {
    expect(voteWindows([read('10', 0.99), read('', 0), read('3', 0.4)]).number).toBeNull();
    expect(
      voteWindows([read('13', 0.8), read('13', 0.7), read('18', 0.9), read('18', 0.6)]).number,
    ).toBeNull();
  });

  it('takes no one-digit number: a window can cut the other digit off', () => {
    expect(voteWindows([read('0', 0.9), read('0', 0.84), read('10', 0.63)]).number).toBeNull();
  });

  it('ignores weak and implausible reads', () => {
    expect(
      voteWindows([read('771', 0.95), read('771', 0.9), read('77', 0.85), read('77', 0.45)]).number,
    ).toBeNull();
    expect(voteWindows([read('771', 0.95), read('77', 0.85), read('77', 0.8)]).number).toBe(77);
  });
});
