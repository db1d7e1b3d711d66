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

/**
 * Kits to name under coloured lights (yellow and black against navy, as on the volleyball league
 * clip; red against white): the same films under each of `LIGHTS`, scored on the names given.
 */
export const LIT_KITS: readonly SynthScenario[] = (
  ['neutral', 'warm-floodlight', 'cool-shade', 'indoor-tungsten'] as const
).flatMap((lighting) => [
  {
    name: 'lit-yellow-navy',
    seed: 31,
    durationSec: 6,
    kits: {
      A: { primary: '#f2d000', secondary: '#111111', numberColour: '#111111' },
      B: { primary: '#1f2a55', secondary: '#1f2a55', numberColour: '#ffffff' },
    },
    playersPerTeam: 4,
    withReferee: true,
    withKeeper: false,
    sprites: 'drawn',
    lighting,
  },
  {
    name: 'lit-red-white',
    seed: 37,
    durationSec: 6,
    kits: {
      A: { primary: '#c8102e', secondary: '#ffffff', numberColour: '#ffffff' },
      B: { primary: '#f4f4f4', secondary: '#1f5fbf', numberColour: '#1f2a55' },
    },
    playersPerTeam: 4,
    withReferee: true,
    withKeeper: false,
    sprites: 'drawn',
    lighting,
  },
]);
