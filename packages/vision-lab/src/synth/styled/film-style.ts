import type { Random } from '../random.js';

/**
 * Named looks of game film. Each style is a wide distribution, not one look: a film draws its camera,
 * surface, light, kit, encoding, sound and dead-time habits from it. Styles are what the benchmark
 * holds out: a decision is tuned on some styles and scored on others it never saw.
 */
export type StyleName =
  | 'pressbox-football'
  | 'endzone-football'
  | 'phone-stands-football'
  | 'flag-football-phone'
  | 'baseline-basketball'
  | 'sideline-basketball'
  | 'endline-volleyball'
  | 'beach-volleyball'
  | 'broadcast-soccer'
  | 'wide-static-soccer'
  | 'no-sport'
  | 'pillarboxed-phone-football'
  | 'vertical-phone-volleyball'
  | HeldOutStyleName;

/**
 * Looks no model is trained on: the bench scores them apart, as film of a kind the model never saw.
 * A rule looked at on one of them is chosen on a few seeds and scored on others.
 */
export type HeldOutStyleName = 'broadcast-volleyball';
export const HELD_OUT_STYLE_NAMES: readonly HeldOutStyleName[] = ['broadcast-volleyball'];

/** The looks models are trained on and rules chosen on. */
export type TrainedStyleName = Exclude<StyleName, HeldOutStyleName>;
export const STYLE_NAMES: readonly TrainedStyleName[] = [
  'pressbox-football',
  'endzone-football',
  'phone-stands-football',
  'flag-football-phone',
  'baseline-basketball',
  'sideline-basketball',
  'endline-volleyball',
  'beach-volleyball',
  'broadcast-soccer',
  'wide-static-soccer',
  'no-sport',
  'pillarboxed-phone-football',
  'vertical-phone-volleyball',
];

export type Game = 'football' | 'flag' | 'basketball' | 'volleyball' | 'beach' | 'soccer' | 'none';
export type Surface = 'grass' | 'turf' | 'hardwood' | 'court' | 'sand' | 'street';
export type Operator = 'tripod' | 'panning' | 'phone' | 'broadcast';
export type Placement = 'sideline' | 'endline' | 'corner';

/** Dead-time habits a film can show (see styled-scene.ts for how each moves the players). */
export type DeadKind =
  | 'walk-back'
  | 'huddle'
  | 'jog-to-positions'
  | 'set'
  | 'bench'
  | 'substitution'
  | 'celebration'
  | 'idle'
  | 'serve-prep'
  | 'free-throw'
  | 'camera-away';

export interface GameRhythm {
  /** Field size in metres: length along x, depth along y. */
  length: number;
  depth: number;
  perTeam: [number, number];
  liveSec: [number, number];
  deadSec: [number, number];
  timeoutChance: number;
  timeoutSec: [number, number];
  /** Running speed in play and walking speed in dead time (m/s). */
  runSpeed: [number, number];
  walkSpeed: [number, number];
  /** How the field is drawn. */
  lines: 'football' | 'basketball' | 'volleyball' | 'soccer' | 'none';
  ballInAir: boolean;
  /** The order of dead-time habits between plays (each entry used with its chance). */
  deadPlan: { kind: DeadKind; chance: number; sec: [number, number] }[];
  /** A whistle ends plays (chance), one readies the next play (chance). */
  endWhistle: number;
  startWhistle: number;
}

export const GAMES: Record<Exclude<Game, 'none'>, GameRhythm> = {
  football: {
    length: 110,
    depth: 49,
    perTeam: [11, 11],
    liveSec: [3.5, 11],
    deadSec: [18, 40],
    timeoutChance: 0.1,
    timeoutSec: [45, 80],
    runSpeed: [4, 8],
    walkSpeed: [0.6, 1.5],
    lines: 'football',
    ballInAir: false,
    deadPlan: [
      { kind: 'celebration', chance: 0.08, sec: [4, 8] },
      { kind: 'walk-back', chance: 0.9, sec: [4, 10] },
      { kind: 'substitution', chance: 0.25, sec: [3, 7] },
      { kind: 'camera-away', chance: 0.12, sec: [3, 8] },
      { kind: 'huddle', chance: 0.8, sec: [5, 12] },
      { kind: 'jog-to-positions', chance: 1, sec: [2.5, 5] },
      { kind: 'set', chance: 1, sec: [1, 4] },
    ],
    endWhistle: 0.85,
    startWhistle: 0.4,
  },
  flag: {
    length: 64,
    depth: 27,
    perTeam: [5, 7],
    liveSec: [3, 9],
    deadSec: [14, 32],
    timeoutChance: 0.08,
    timeoutSec: [40, 60],
    runSpeed: [3.5, 7],
    walkSpeed: [0.5, 1.4],
    lines: 'none',
    ballInAir: false,
    deadPlan: [
      { kind: 'celebration', chance: 0.1, sec: [3, 6] },
      { kind: 'walk-back', chance: 0.9, sec: [3, 8] },
      { kind: 'huddle', chance: 0.9, sec: [5, 12] },
      { kind: 'jog-to-positions', chance: 0.8, sec: [2, 4] },
      { kind: 'set', chance: 1, sec: [1, 3] },
    ],
    endWhistle: 0.5,
    startWhistle: 0.2,
  },
  basketball: {
    length: 28,
    depth: 15,
    perTeam: [5, 5],
    liveSec: [12, 60],
    deadSec: [6, 28],
    timeoutChance: 0.15,
    timeoutSec: [40, 75],
    runSpeed: [2.5, 6.5],
    walkSpeed: [0.3, 1.1],
    lines: 'basketball',
    ballInAir: true,
    deadPlan: [
      { kind: 'celebration', chance: 0.05, sec: [2, 4] },
      { kind: 'free-throw', chance: 0.35, sec: [8, 16] },
      { kind: 'substitution', chance: 0.3, sec: [3, 8] },
      { kind: 'idle', chance: 0.8, sec: [3, 10] },
      { kind: 'jog-to-positions', chance: 0.5, sec: [1.5, 3] },
      { kind: 'set', chance: 0.6, sec: [1, 2.5] },
    ],
    endWhistle: 0.9,
    startWhistle: 0.1,
  },
  volleyball: {
    length: 18,
    depth: 9,
    perTeam: [6, 6],
    liveSec: [4, 16],
    deadSec: [8, 22],
    timeoutChance: 0.08,
    timeoutSec: [30, 55],
    runSpeed: [2, 5],
    walkSpeed: [0.3, 1],
    lines: 'volleyball',
    ballInAir: true,
    deadPlan: [
      { kind: 'celebration', chance: 0.6, sec: [1.5, 4] },
      { kind: 'walk-back', chance: 0.8, sec: [2, 6] },
      { kind: 'substitution', chance: 0.15, sec: [3, 6] },
      { kind: 'serve-prep', chance: 1, sec: [3, 8] },
    ],
    endWhistle: 0.8,
    startWhistle: 0.85,
  },
  beach: {
    length: 16,
    depth: 8,
    perTeam: [2, 2],
    liveSec: [3, 12],
    deadSec: [10, 22],
    timeoutChance: 0.06,
    timeoutSec: [30, 50],
    runSpeed: [2, 5],
    walkSpeed: [0.3, 1],
    lines: 'volleyball',
    ballInAir: true,
    deadPlan: [
      { kind: 'celebration', chance: 0.5, sec: [1.5, 4] },
      { kind: 'walk-back', chance: 0.9, sec: [3, 8] },
      { kind: 'serve-prep', chance: 1, sec: [3, 8] },
    ],
    endWhistle: 0.5,
    startWhistle: 0.5,
  },
  soccer: {
    length: 105,
    depth: 68,
    perTeam: [11, 11],
    liveSec: [25, 110],
    deadSec: [6, 30],
    timeoutChance: 0.04,
    timeoutSec: [40, 70],
    runSpeed: [2, 7],
    walkSpeed: [0.3, 1.2],
    lines: 'soccer',
    ballInAir: false,
    deadPlan: [
      { kind: 'celebration', chance: 0.1, sec: [5, 12] },
      { kind: 'camera-away', chance: 0.2, sec: [3, 7] },
      { kind: 'substitution', chance: 0.15, sec: [4, 9] },
      { kind: 'idle', chance: 0.9, sec: [3, 12] },
      { kind: 'set', chance: 0.5, sec: [1, 3] },
    ],
    endWhistle: 0.6,
    startWhistle: 0.3,
  },
};

/** Everything one film looks and sounds like, drawn from its style. */
export interface FilmLook {
  style: StyleName;
  game: Game;
  surface: Surface;
  placement: Placement;
  operator: Operator;
  /** Camera height (m), its distance back from the near sideline or end line (m). */
  cameraHeight: number;
  cameraBack: number;
  /** Metres of field across the view when zoomed out, and how much the operator zooms in play. */
  viewWidth: number;
  zoomInPlay: number;
  /** Handheld shake (degrees, rough amplitude) and roll. */
  shakeDeg: number;
  rollDeg: number;
  /** Player height (m): youth players are small. */
  playerHeight: number;
  perTeam: number;
  kits: [[number, number, number], [number, number, number]];
  surfaceRgb: [number, number, number];
  lineRgb: [number, number, number];
  stripes: number;
  logo: boolean;
  indoor: boolean;
  night: boolean;
  /** Overall gain and sensor noise (sigma, 0–255 scale). */
  brightness: number;
  noise: number;
  /** Output size, frame rate, encoder quality (CRF) or a bitrate cap (kbit/s, 0 = none). */
  width: number;
  height: number;
  /**
   * The picture's size when it does not fill the frame: a phone's vertical video posted in a 16:9
   * frame, centred between black bars. Absent: the picture is the whole frame.
   */
  picture?: { width: number; height: number };
  /**
   * The picture is stored on its side with a display rotation (degrees clockwise), as phones record
   * vertical video; width and height above stay the displayed size.
   */
  displayRotation?: 90;
  fps: number;
  crf: number;
  maxKbps: number;
  keyframeSec: number;
  sound: boolean;
  whistles: boolean;
  crowdLevel: number;
  /** Broadcast extras: cuts to close-ups and crowd, a scoreboard graphic. */
  cuts: boolean;
  scoreboard: boolean;
  /** The recording starts part-way into a play. */
  startsLive: boolean;
  /**
   * A television broadcast of a rally sport: between rallies it cuts to close-ups of players, a
   * slowed replay of the rally from the side (opened and closed by a graphic wipe) and the crowd.
   */
  rallyBroadcast?: boolean;
}

const pick = <T>(rng: Random, items: readonly T[]): T => rng.pick(items);

const KIT_COLOURS: [number, number, number][] = [
  [200, 30, 40],
  [235, 235, 235],
  [30, 50, 170],
  [250, 200, 30],
  [20, 20, 25],
  [20, 120, 60],
  [120, 40, 140],
  [240, 120, 20],
  [120, 180, 230],
  [90, 90, 90],
];

function kits(rng: Random): FilmLook['kits'] {
  const a = rng.int(0, KIT_COLOURS.length - 1);
  let b = rng.int(0, KIT_COLOURS.length - 2);
  if (b >= a) b++;
  return [KIT_COLOURS[a]!, KIT_COLOURS[b]!];
}

const SURFACE_RGB: Record<Surface, [number, number, number][]> = {
  grass: [
    [52, 120, 48],
    [70, 130, 50],
    [60, 100, 45],
    [95, 125, 60],
  ],
  turf: [
    [40, 125, 60],
    [30, 110, 70],
    [50, 140, 55],
  ],
  hardwood: [
    [196, 148, 96],
    [210, 165, 110],
    [180, 130, 85],
  ],
  court: [
    [60, 110, 170],
    [215, 120, 80],
    [50, 140, 120],
    [70, 80, 160],
  ],
  sand: [
    [215, 190, 140],
    [225, 200, 155],
    [200, 175, 130],
  ],
  street: [
    [110, 110, 110],
    [130, 125, 120],
  ],
};

function jitterRgb(
  rng: Random,
  rgb: [number, number, number],
  by: number,
): [number, number, number] {
  return rgb.map((c) => Math.max(0, Math.min(255, c + rng.between(-by, by)))) as [
    number,
    number,
    number,
  ];
}

const SIZES: [number, number][] = [
  [480, 270],
  [640, 360],
  [854, 480],
  [960, 540],
  [1280, 720],
];

/** Sizes a phone records vertical video at. */
const VERTICAL_SIZES: [number, number][] = [
  [360, 640],
  [540, 960],
  [720, 1280],
];

/** Draws one film's look from its style. */
export function sampleLook(style: StyleName, rng: Random): FilmLook {
  const size = pick(rng, SIZES);
  const base: FilmLook = {
    style,
    game: 'football',
    surface: 'grass',
    placement: 'sideline',
    operator: 'panning',
    cameraHeight: 12,
    cameraBack: 20,
    viewWidth: 45,
    zoomInPlay: 1,
    shakeDeg: 0,
    rollDeg: 0,
    playerHeight: rng.between(1.7, 1.95),
    perTeam: 11,
    kits: kits(rng),
    surfaceRgb: [52, 120, 48],
    lineRgb: jitterRgb(rng, [235, 235, 230], 15),
    stripes: rng.between(0, 14),
    logo: rng.chance(0.5),
    indoor: false,
    night: rng.chance(0.3),
    brightness: rng.between(0.75, 1.15),
    noise: rng.between(1, 5),
    width: size[0],
    height: size[1],
    fps: pick(rng, [24, 25, 30, 30, 30]),
    crf: rng.int(20, 36),
    maxKbps: rng.chance(0.3) ? rng.int(250, 1200) : 0,
    keyframeSec: pick(rng, [1, 2, 2, 4, 8]),
    sound: rng.chance(0.75),
    whistles: rng.chance(0.8),
    crowdLevel: rng.between(0.3, 1.2),
    cuts: false,
    scoreboard: false,
    startsLive: rng.chance(0.2),
  };
  const surface = (s: Surface): Pick<FilmLook, 'surface' | 'surfaceRgb'> => ({
    surface: s,
    surfaceRgb: jitterRgb(rng, pick(rng, SURFACE_RGB[s]), 12),
  });
  switch (style) {
    case 'pressbox-football':
      return {
        ...base,
        ...surface(rng.chance(0.5) ? 'grass' : 'turf'),
        game: 'football',
        cameraHeight: rng.between(12, 28),
        cameraBack: rng.between(15, 45),
        viewWidth: rng.between(35, 60),
        zoomInPlay: rng.between(1, 1.5),
        operator: 'panning',
        playerHeight: rng.between(1.6, 1.95),
      };
    case 'endzone-football':
      return {
        ...base,
        ...surface(rng.chance(0.5) ? 'grass' : 'turf'),
        game: 'football',
        placement: 'endline',
        cameraHeight: rng.between(8, 20),
        cameraBack: rng.between(5, 25),
        viewWidth: rng.between(30, 50),
        zoomInPlay: rng.between(1, 1.3),
        operator: rng.chance(0.6) ? 'panning' : 'tripod',
      };
    case 'phone-stands-football':
      return {
        ...base,
        ...surface(rng.chance(0.6) ? 'turf' : 'grass'),
        game: 'football',
        cameraHeight: rng.between(3, 10),
        cameraBack: rng.between(6, 25),
        viewWidth: rng.between(25, 45),
        zoomInPlay: rng.between(1, 1.6),
        operator: 'phone',
        shakeDeg: rng.between(0.2, 1.2),
        rollDeg: rng.between(0, 3),
        playerHeight: rng.between(1.35, 1.8),
        night: rng.chance(0.6),
        noise: rng.between(2, 8),
        startsLive: rng.chance(0.35),
      };
    case 'flag-football-phone':
      return {
        ...base,
        ...surface('grass'),
        game: 'flag',
        perTeam: rng.int(5, 7),
        cameraHeight: rng.between(1.4, 2.2),
        cameraBack: rng.between(3, 15),
        viewWidth: rng.between(20, 40),
        zoomInPlay: rng.between(1, 1.3),
        operator: 'phone',
        shakeDeg: rng.between(0.3, 1.5),
        rollDeg: rng.between(0, 4),
        playerHeight: rng.between(1.3, 1.9),
        night: false,
        stripes: rng.between(0, 5),
        logo: false,
      };
    case 'baseline-basketball':
      return {
        ...base,
        ...surface('hardwood'),
        game: 'basketball',
        perTeam: 5,
        indoor: true,
        night: false,
        placement: rng.chance(0.7) ? 'endline' : 'corner',
        cameraHeight: rng.between(3, 9),
        cameraBack: rng.between(2, 8),
        viewWidth: rng.between(18, 30),
        operator: rng.chance(0.7) ? 'tripod' : 'panning',
        stripes: 0,
      };
    case 'sideline-basketball':
      return {
        ...base,
        ...surface(rng.chance(0.7) ? 'hardwood' : 'court'),
        game: 'basketball',
        perTeam: 5,
        indoor: true,
        night: false,
        cameraHeight: rng.between(4, 12),
        cameraBack: rng.between(4, 14),
        viewWidth: rng.between(14, 24),
        zoomInPlay: rng.between(1, 1.3),
        operator: rng.chance(0.5) ? 'panning' : 'broadcast',
        cuts: rng.chance(0.4),
        scoreboard: rng.chance(0.5),
        stripes: 0,
      };
    case 'endline-volleyball':
      return {
        ...base,
        ...surface(rng.chance(0.6) ? 'court' : 'hardwood'),
        game: 'volleyball',
        perTeam: 6,
        indoor: true,
        night: false,
        placement: 'endline',
        cameraHeight: rng.between(2.5, 10),
        cameraBack: rng.between(2, 10),
        viewWidth: rng.between(12, 22),
        operator: rng.chance(0.8) ? 'tripod' : 'phone',
        shakeDeg: rng.between(0, 0.3),
        stripes: 0,
      };
    case 'beach-volleyball':
      return {
        ...base,
        ...surface('sand'),
        game: 'beach',
        perTeam: 2,
        night: false,
        cameraHeight: rng.between(1.6, 6),
        cameraBack: rng.between(3, 12),
        viewWidth: rng.between(14, 24),
        operator: rng.chance(0.5) ? 'tripod' : 'phone',
        shakeDeg: rng.between(0, 0.8),
        rollDeg: rng.between(0, 2),
        lineRgb: [30, 60, 160],
        stripes: 0,
        logo: false,
      };
    case 'broadcast-soccer':
      return {
        ...base,
        ...surface('grass'),
        game: 'soccer',
        cameraHeight: rng.between(12, 25),
        cameraBack: rng.between(15, 35),
        viewWidth: rng.between(35, 60),
        zoomInPlay: rng.between(1, 1.4),
        operator: 'broadcast',
        cuts: true,
        scoreboard: rng.chance(0.8),
        stripes: rng.between(6, 16),
      };
    case 'wide-static-soccer':
      return {
        ...base,
        ...surface(rng.chance(0.5) ? 'grass' : 'turf'),
        game: 'soccer',
        perTeam: rng.int(7, 11),
        cameraHeight: rng.between(5, 12),
        cameraBack: rng.between(3, 12),
        viewWidth: rng.between(70, 110),
        operator: 'tripod',
        playerHeight: rng.between(1.3, 1.8),
      };
    case 'pillarboxed-phone-football': {
      // a parent's vertical phone video, posted in a 16:9 frame: the field is a third of the width
      const pictureWidth = Math.round((base.height * 9) / 16 / 2) * 2;
      return {
        ...base,
        ...surface(rng.chance(0.6) ? 'turf' : 'grass'),
        game: 'football',
        picture: { width: pictureWidth, height: base.height },
        cameraHeight: rng.between(3, 10),
        cameraBack: rng.between(6, 25),
        viewWidth: rng.between(15, 30),
        zoomInPlay: rng.between(1, 1.4),
        operator: 'phone',
        shakeDeg: rng.between(0.2, 1.2),
        rollDeg: rng.between(0, 3),
        playerHeight: rng.between(1.35, 1.85),
        noise: rng.between(2, 7),
      };
    }
    case 'vertical-phone-volleyball': {
      // a vertical phone film as it comes from the phone (9:16), from behind the end line or the side
      const [w, h] = pick(rng, VERTICAL_SIZES);
      return {
        ...base,
        ...surface(rng.chance(0.6) ? 'court' : 'hardwood'),
        game: 'volleyball',
        perTeam: 6,
        indoor: true,
        night: false,
        width: w,
        height: h,
        placement: rng.chance(0.6) ? 'endline' : 'sideline',
        cameraHeight: rng.between(1.5, 6),
        cameraBack: rng.between(2, 10),
        viewWidth: rng.between(9, 16),
        operator: 'phone',
        shakeDeg: rng.between(0.1, 0.8),
        rollDeg: rng.between(0, 2),
        stripes: 0,
        // straight from the phone's camera (on its side, rotated on display) or re-encoded upright
        ...(rng.chance(0.5) ? { displayRotation: 90 as const } : {}),
      };
    }
    case 'broadcast-volleyball': {
      // the main camera high behind one end line, as television shows a rally, indoors or on sand
      const [w, h] = pick(rng, SIZES.slice(1));
      const beach = rng.chance(0.4);
      return {
        ...base,
        ...surface(beach ? 'sand' : rng.chance(0.6) ? 'court' : 'hardwood'),
        game: beach ? 'beach' : 'volleyball',
        perTeam: beach ? 2 : 6,
        indoor: !beach,
        night: false,
        width: w,
        height: h,
        placement: 'endline',
        cameraHeight: rng.between(6, 14),
        cameraBack: rng.between(6, 18),
        viewWidth: rng.between(14, 20),
        zoomInPlay: rng.between(1, 1.2),
        operator: 'broadcast',
        noise: rng.between(0.5, 2),
        crf: rng.int(20, 28),
        maxKbps: 0,
        sound: true,
        whistles: rng.chance(0.7),
        crowdLevel: rng.between(0.8, 1.4),
        scoreboard: true,
        ...(beach && { lineRgb: [30, 60, 160] as [number, number, number], logo: false }),
        stripes: 0,
        startsLive: false,
        rallyBroadcast: true,
      };
    }
    case 'no-sport':
      return {
        ...base,
        ...surface(pick(rng, ['street', 'grass', 'hardwood'] as const)),
        game: 'none',
        perTeam: rng.int(0, 4),
        cameraHeight: rng.between(1.5, 8),
        cameraBack: rng.between(2, 10),
        viewWidth: rng.between(10, 40),
        operator: pick(rng, ['tripod', 'phone', 'panning'] as const),
        shakeDeg: rng.between(0, 1),
        logo: false,
      };
  }
}
