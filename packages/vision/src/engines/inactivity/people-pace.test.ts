import { describe, expect, it } from 'vitest';
import type { Box } from '../../perception/detector/types.js';
import { matchPace, runningStretches } from './people-pace.js';

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
  });

  it('leaves the tallest fifth out: a coach walking near the camera does not count', () => {
    const far = [100, 200, 300, 400].map((x) => person(x, 200));
    const before = [...far, person(700, 480, 200)];
    const after = [...far, person(800, 480, 200)];
    expect(matchPace(before, after, 0.5, frame, [])).toEqual([0, 0, 0, 0]);
  });
});

describe('runningStretches', () => {
  const counts = (runners: number[]) =>
    runners.map((n, i) => ({ timeSec: (i + 1) * 0.2, runners: n }));

  it('finds a play: enough people running long enough, one quieter sample bridged', () => {
    // Set (0–1 running), then 3–6 running from 1.0 s to 2.8 s with one dip, then a walk back.
    const found = runningStretches(
      counts([0, 1, 0, 1, 4, 5, 3, 2, 6, 5, 4, 3, 5, 4, 1, 0, 2, 0]),
      3,
      1.2,
      0.2,
    );
    expect(found).toHaveLength(1);
    expect(found[0]!.start).toBeCloseTo(0.8, 5);
    expect(found[0]!.end).toBeCloseTo(2.8, 5);
  });

  it('ignores a short lurch and players who never run together', () => {
    expect(runningStretches(counts([0, 4, 5, 0, 0, 2, 2, 2, 2, 2, 2, 2]), 3, 1.2, 0.2)).toEqual([]);
  });
});
