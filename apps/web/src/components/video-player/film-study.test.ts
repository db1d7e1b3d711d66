import { describe, expect, it } from 'vitest';
import {
  chapterIndexAt,
  formatFilmTime,
  frameStepTime,
  loopJump,
  measuredFrameRate,
  nextChapterStart,
  previousChapterStart,
  shuttle,
  stepRate,
} from './film-study.js';

const NTSC = 30000 / 1001;

describe('frame steps', () => {
  it('go one frame forward and back from a frame start, at the film rate', () => {
    expect(frameStepTime(0, NTSC, 1, 4)).toBeCloseTo(1 / NTSC, 9);
    expect(frameStepTime(10 / NTSC, NTSC, 1, 4)).toBeCloseTo(11 / NTSC, 9);
    expect(frameStepTime(10 / NTSC, NTSC, -1, 4)).toBeCloseTo(9 / NTSC, 9);
  });

  it('count a time a hair before a frame start as that frame, and a time inside a frame as it', () => {
    expect(frameStepTime(3 / 25 - 1e-9, 25, 1, 4)).toBeCloseTo(4 / 25, 9);
    expect(frameStepTime(3.5 / 25, 25, 1, 4)).toBeCloseTo(4 / 25, 9);
    expect(frameStepTime(3.5 / 25, 25, -1, 4)).toBeCloseTo(2 / 25, 9);
  });

  it('stay inside the film', () => {
    expect(frameStepTime(0, 30, -1, 4)).toBe(0);
    expect(frameStepTime(4, 30, 1, 4)).toBe(4);
  });
});

describe('speeds and shuttle', () => {
  it('step through 0.25x, 0.5x, 1x and 2x and stop at either end', () => {
    expect(stepRate(1, 1)).toBe(2);
    expect(stepRate(2, 1)).toBe(2);
    expect(stepRate(1, -1)).toBe(0.5);
    expect(stepRate(0.5, -1)).toBe(0.25);
    expect(stepRate(0.25, -1)).toBe(0.25);
  });

  it('L plays forward doubling to 4x, J backwards doubling to 4x, K stops', () => {
    expect(shuttle(0, 'l')).toBe(1);
    expect(shuttle(1, 'l')).toBe(2);
    expect(shuttle(4, 'l')).toBe(4);
    expect(shuttle(2, 'j')).toBe(-1);
    expect(shuttle(-1, 'j')).toBe(-2);
    expect(shuttle(-4, 'j')).toBe(-4);
    expect(shuttle(-2, 'l')).toBe(1);
    expect(shuttle(2, 'k')).toBe(0);
  });
});

describe('chapters', () => {
  const plays = [
    { start: 0, end: 6.3 },
    { start: 6.3, end: 14.2 },
    { start: 14.2, end: 20 },
  ];

  it('say which play is on', () => {
    expect(chapterIndexAt(plays, 0)).toBe(0);
    expect(chapterIndexAt(plays, 6.2999999)).toBe(1);
    expect(chapterIndexAt(plays, 15)).toBe(2);
    expect(chapterIndexAt([{ start: 2, end: 3 }], 1)).toBe(-1);
  });

  it('next goes to the following play, and nowhere after the last', () => {
    expect(nextChapterStart(plays, 0)).toBe(6.3);
    expect(nextChapterStart(plays, 7)).toBe(14.2);
    expect(nextChapterStart(plays, 15)).toBeUndefined();
  });

  it('previous restarts the play on, or within its first second goes to the one before', () => {
    expect(previousChapterStart(plays, 9)).toBe(6.3);
    expect(previousChapterStart(plays, 6.5)).toBe(0);
    expect(previousChapterStart(plays, 6.3)).toBe(0);
    expect(previousChapterStart(plays, 0.5)).toBe(0);
  });
});

describe('loops', () => {
  it('jump back to the in point at the out point, and only when both are set in order', () => {
    expect(loopJump({ in: 1, out: 2 }, 1.5)).toBeUndefined();
    expect(loopJump({ in: 1, out: 2 }, 2)).toBe(1);
    expect(loopJump({ in: 1, out: 2 }, 0.2)).toBe(1);
    expect(loopJump({ in: 1 }, 3)).toBeUndefined();
    expect(loopJump({ in: 2, out: 1 }, 3)).toBeUndefined();
  });
});

describe('frame rate and times', () => {
  it('reads the frame rate from the smallest step between shown frames', () => {
    expect(measuredFrameRate([1 / 25, 2 / 25])).toBeUndefined();
    expect(measuredFrameRate([2 / 25, 1 / 25, 1 / 25, 3 / 25])).toBeCloseTo(25, 6);
    expect(measuredFrameRate([1001 / 60000, 1001 / 30000, 1001 / 60000])).toBeCloseTo(
      60000 / 1001,
      6,
    );
  });

  it('shows times to a tenth of a second', () => {
    expect(formatFilmTime(0)).toBe('0:00.0');
    expect(formatFilmTime(1.04)).toBe('0:01.0');
    expect(formatFilmTime(65.44)).toBe('1:05.4');
    expect(formatFilmTime(3725.25)).toBe('1:02:05.3');
  });
});
