/** The rhythm and look of one sport, enough to generate believable film for it. */
export type Sport = 'football' | 'basketball' | 'volleyball' | 'soccer';

export const SPORTS: readonly Sport[] = ['football', 'basketball', 'volleyball', 'soccer'];

export interface SportProfile {
  sport: Sport;
  /** Field size in metres: length along the camera's pan axis, depth away from the camera. */
  fieldLength: number;
  fieldDepth: number;
  /** Metres of field across the camera's view at zoom 1. */
  viewWidth: number;
  playersPerTeam: number;
  /** Live play length range, seconds. */
  liveSec: [number, number];
  /** Dead time length range, seconds. */
  deadSec: [number, number];
  /** Chance that a dead period is a long break (timeout), and its length. */
  timeoutChance: number;
  timeoutSec: [number, number];
  /** Running speed during play (m/s) and walking speed in dead time. */
  runSpeed: [number, number];
  walkSpeed: [number, number];
  fieldRgb: [number, number, number];
  stripeDelta: number;
  lineEvery: number;
  /** Broadcast-style film: cuts to crowd shots in dead time and angle changes in play. */
  broadcast: boolean;
  /** Whistle that starts play (volleyball serve). */
  startWhistle: boolean;
  handheldShake: number;
}

export const SPORT_PROFILES: Record<Sport, SportProfile> = {
  football: {
    sport: 'football',
    fieldLength: 110,
    fieldDepth: 49,
    viewWidth: 45,
    playersPerTeam: 11,
    liveSec: [4, 9],
    deadSec: [22, 38],
    timeoutChance: 0.12,
    timeoutSec: [50, 80],
    runSpeed: [4.5, 7.5],
    walkSpeed: [0.5, 1.3],
    fieldRgb: [52, 120, 48],
    stripeDelta: 10,
    lineEvery: 4.57,
    broadcast: false,
    startWhistle: false,
    handheldShake: 0.08,
  },
  basketball: {
    sport: 'basketball',
    fieldLength: 28,
    fieldDepth: 15,
    viewWidth: 20,
    playersPerTeam: 5,
    liveSec: [18, 70],
    deadSec: [8, 30],
    timeoutChance: 0.2,
    timeoutSec: [45, 70],
    runSpeed: [3.5, 6.5],
    walkSpeed: [0.3, 1.0],
    fieldRgb: [196, 148, 96],
    stripeDelta: 6,
    lineEvery: 14,
    broadcast: true,
    startWhistle: false,
    handheldShake: 0.03,
  },
  volleyball: {
    sport: 'volleyball',
    fieldLength: 18,
    fieldDepth: 9,
    viewWidth: 22,
    playersPerTeam: 6,
    liveSec: [5, 16],
    deadSec: [10, 22],
    timeoutChance: 0.1,
    timeoutSec: [35, 50],
    runSpeed: [2.5, 5],
    walkSpeed: [0.2, 0.8],
    fieldRgb: [60, 110, 170],
    stripeDelta: 0,
    lineEvery: 9,
    broadcast: false,
    startWhistle: true,
    handheldShake: 0.05,
  },
  soccer: {
    sport: 'soccer',
    fieldLength: 105,
    fieldDepth: 68,
    viewWidth: 55,
    playersPerTeam: 11,
    liveSec: [35, 110],
    deadSec: [9, 28],
    timeoutChance: 0.05,
    timeoutSec: [40, 60],
    runSpeed: [2.5, 7],
    walkSpeed: [0.3, 1.0],
    fieldRgb: [46, 130, 56],
    stripeDelta: 12,
    lineEvery: 52.5,
    broadcast: true,
    startWhistle: false,
    handheldShake: 0.02,
  },
};
