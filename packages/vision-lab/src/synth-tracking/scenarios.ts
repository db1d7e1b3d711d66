import type { SynthScenario } from './film-types.js';

/** Two well-separated kits, a referee and a keeper: the everyday case. */
export const CLEAR_KITS: SynthScenario = {
  name: 'clear-kits',
  seed: 11,
  durationSec: 20,
  kits: {
    A: { primary: '#c8102e', secondary: '#f4f4f4', numberColour: '#ffffff' },
    B: { primary: '#1d3f9e', secondary: '#f2c500', numberColour: '#ffffff' },
  },
  playersPerTeam: 5,
  withReferee: true,
  withKeeper: true,
  sprites: 'broadcast-frame',
};

/** Close kits (dark navy against dark purple): the case users say mixes teams up. */
export const CLOSE_KITS: SynthScenario = {
  name: 'close-kits',
  seed: 23,
  durationSec: 20,
  kits: {
    A: { primary: '#24305e', secondary: '#ffffff', numberColour: '#ffffff' },
    B: { primary: '#5b2a86', secondary: '#111111', numberColour: '#ffffff' },
  },
  playersPerTeam: 5,
  withReferee: true,
  withKeeper: false,
  sprites: 'broadcast-frame',
};

export const SYNTH_SCENARIOS: readonly SynthScenario[] = [CLEAR_KITS, CLOSE_KITS];
