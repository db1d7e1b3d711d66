import { describe, expect, it } from 'vitest';
import { DEFAULT_SPORT, readSportChoice, SportMessages, SPORTS } from './sports.js';

describe('sports', () => {
  it('are offered in the order and words of the Sport choice, Detect automatically first', () => {
    expect(SPORTS.map((sport) => sport.label)).toEqual([
      'Detect automatically',
      'American football',
      'Volleyball',
      'Basketball',
      'Soccer',
      'Other',
    ]);
    expect(DEFAULT_SPORT).toBe('auto');
  });

  it('a request names a sport by its id, names none when it sends nothing, and anything else is refused', () => {
    expect(readSportChoice('american-football')).toEqual({ sport: 'american-football' });
    expect(readSportChoice(undefined)).toEqual({ sport: undefined });
    expect(readSportChoice('')).toEqual({ sport: undefined });
    for (const wrong of ['Volleyball', 'cricket', 3, true, {}, ['soccer']]) {
      expect(readSportChoice(wrong)).toEqual({ error: SportMessages.unknown });
    }
  });
});
