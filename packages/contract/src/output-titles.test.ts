import { describe, expect, it } from 'vitest';
import { defaultOutputTitle, trackedPlayersLabel } from './output-titles.js';
import { TextLimits } from './text-fields.js';

describe('default output titles', () => {
  it('name the source and the tool', () => {
    expect(defaultOutputTitle('game_film', 'Inactivity Filter')).toBe(
      'game_film · Inactivity Filter',
    );
    expect(defaultOutputTitle('game_film', trackedPlayersLabel([12, 7], 'white'))).toBe(
      'game_film · #12, #7 (white)',
    );
  });

  it('stay within the title cap, shortening the source', () => {
    const title = defaultOutputTitle('x'.repeat(400), 'Inactivity Filter');
    expect(title.length).toBeLessThanOrEqual(TextLimits.videoTitle);
    expect(title.endsWith('… · Inactivity Filter')).toBe(true);
  });

  it('fall back to the tool alone for an untitled source', () => {
    expect(defaultOutputTitle('  ', 'Inactivity Filter')).toBe('Inactivity Filter');
  });
});
