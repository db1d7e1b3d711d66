import { describe, expect, it } from 'vitest';
import type { Box } from '@filmroom/vision/internal/perception/detector/types.js';
import { matchPace, paceOf } from './detector-pace.js';

const frame = { width: 1000, height: 500 };
/** A person 50 px tall (0.1 frame heights) standing with their feet at (x, y). */
const person = (x: number, y: number, h = 50): Box => [x - h / 5, y - h, (2 * h) / 5, h];

describe('matchPace', () => {
  it('reads set players as still while the camera pans, and a runner in his own heights', () => {
    const before = [person(300, 300), person(400, 300), person(500, 300), person(600, 300)];
    // The camera panned right by 0.2 frame heights (100 px): everyone appears 100 px further left.
    // The third player ran 50 px (one of his heights) in the 0.5 s between the frames.
    const after = [person(200, 300), person(300, 300), person(450, 300), person(500, 300)];
    const steps = [
      { panX: 0.1, panY: 0, zoom: 0 },
      { panX: 0.1, panY: 0, zoom: 0 },
    ];
    const speeds = matchPace(before, after, 0.5, frame, steps);
    expect(speeds).toHaveLength(4);
    expect(speeds.slice(0, 3)).toEqual([0, 0, 0]);
    expect(speeds[3]).toBeCloseTo(2, 5);
    expect(paceOf(speeds)).toEqual({ running: 1, p75: 0 });
  });

  it('leaves the tallest fifth out: a coach walking near the camera does not count', () => {
    const far = [100, 200, 300, 400].map((x) => person(x, 200));
    const before = [...far, person(700, 480, 200)];
    const after = [...far, person(800, 480, 200)];
    expect(matchPace(before, after, 0.5, frame, [])).toEqual([0, 0, 0, 0]);
  });
});
