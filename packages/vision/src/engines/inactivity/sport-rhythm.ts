import type { FilmSport } from '../../perception/sport/sports.js';
import type { DecodeOptions } from './live-play-model.js';
import { LONG_PLAY_HOLD_SEC } from './tuning.js';

/**
 * What the decoder takes from the film's sport. Basketball and soccer run in long live stretches
 * broken by stoppages, so a lull of a few seconds (the ball walked up the court, a pass out of the
 * picture) does not end play there. American football and volleyball, and a film of no known
 * sport, keep the model's own hold: a play ends when the movement dies down.
 */
export function decodeOptionsForSport(sport: FilmSport | null | undefined): Partial<DecodeOptions> {
  return sport === 'basketball' || sport === 'soccer' ? { holdSec: LONG_PLAY_HOLD_SEC } : {};
}
