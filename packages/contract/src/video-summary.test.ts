import { describe, expect, it } from 'vitest';
import { Tool } from './tools.js';
import {
  describeChosenPlayers,
  describeOutput,
  formatDuration,
  toolNameOf,
} from './video-summary.js';

describe('video summaries', () => {
  it('read lengths as a clock does', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(9.6)).toBe('0:10');
    expect(formatDuration(760)).toBe('12:40');
    expect(formatDuration(3490)).toBe('58:10');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('say what an Inactivity output kept of its source and in how many plays', () => {
    const chapters = Array.from({ length: 31 }, (_, i) => ({ start: i * 20, end: i * 20 + 10 }));
    expect(
      describeOutput({
        durationSec: 760,
        madeBy: { tool: Tool.Inactivity, sourceDurationSec: 3490 },
        chapters,
      }),
    ).toBe('12:40 of 58:10 kept, 31 plays');
  });

  it('count a tracked output in clips, and say nothing of a video no tool made', () => {
    const madeBy = { tool: Tool.PlayerTracking, sourceDurationSec: 600 };
    expect(describeOutput({ durationSec: 65, madeBy, chapters: [{ start: 0, end: 65 }] })).toBe(
      '1:05 of 10:00 kept, 1 clip',
    );
    expect(toolNameOf({ madeBy })).toBe('Player Tracking');
    expect(describeOutput({ durationSec: 65 })).toBeUndefined();
    expect(toolNameOf({})).toBeUndefined();
  });

  it('say which team and numbers a tracked output follows', () => {
    expect(describeChosenPlayers({ teamLetter: 'A', teamColour: 'white', numbers: [12, 7] })).toBe(
      'Team A (white) · #12, #7',
    );
    expect(describeChosenPlayers({ teamLetter: 'B', teamColour: '', numbers: [3] })).toBe(
      'Team B · #3',
    );
  });
});
