import { rasteriseFigure } from '../../synth-tracking/drawn-sprites.js';
import { scaleSprite, type PersonSprite } from '../../synth-tracking/sprite-bank.js';
import type { FilmLook } from './film-style.js';

/**
 * The same pose at halving sizes, largest first: a figure is sampled from the smallest level still
 * taller than it is drawn, so far players are not aliased from a large picture.
 */
export type FigureLevels = PersonSprite[];

/** Figures per team (0, 1, and 2 for officials) and walking phase. */
export type FigureSet = FigureLevels[][];

/** Walking phases drawn per team (radians i·2π/PHASES); phase 0 stands with the legs together. */
export const FIGURE_PHASES = 8;
const TOP_HEIGHT = 256;
const MIN_HEIGHT = 12;
const SKINS = ['#c68642', '#8d5524', '#e0ac69'];

const hex = (rgb: readonly number[]): string =>
  `#${rgb
    .map((c) =>
      Math.round(Math.max(0, Math.min(255, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/**
 * Athlete figures in the look's kits (the tracking films' figure, which a person detector takes for
 * a person, where the styled films' block figures are not), one per team and walking phase.
 */
export async function renderFigureSet(look: FilmLook): Promise<FigureSet> {
  const dim = look.night && !look.indoor ? 0.8 : 1;
  const white = [235, 235, 235];
  const kits = [
    ...look.kits.map((k) => ({ jersey: k, shorts: k.map((c) => c * 0.45), trim: white })),
    { jersey: [30, 30, 30], shorts: [30, 30, 30], trim: white },
  ];
  const lit = (rgb: readonly number[]): string => hex(rgb.map((c) => c * dim));
  const width = Math.round(TOP_HEIGHT * 0.8);
  const height = Math.round(TOP_HEIGHT * 1.08);
  return Promise.all(
    kits.map((kit, team) =>
      Promise.all(
        Array.from({ length: FIGURE_PHASES }, async (_, i) => {
          const top = await rasteriseFigure(
            {
              x: width / 2,
              y: TOP_HEIGHT * 1.04,
              height: TOP_HEIGHT,
              phase: (i * 2 * Math.PI) / FIGURE_PHASES,
              facingAway: true,
              jersey: lit(kit.jersey),
              trim: lit(kit.trim),
              shorts: lit(kit.shorts),
              skin: SKINS[team % SKINS.length]!,
              numberColour: '#ffffff',
              number: null,
            },
            width,
            height,
          );
          const levels: FigureLevels = [top];
          for (let tall = standing(top) / 2; tall >= MIN_HEIGHT; tall /= 2)
            levels.push((await scaleSprite(top, tall)).sprite);
          return levels;
        }),
      ),
    ),
  );
}

const standing = (sprite: PersonSprite): number => sprite.feetRow - sprite.headRow;

/** The level to sample a figure `tall` pixels tall from: the smallest at least that tall. */
export function levelFor(levels: FigureLevels, tall: number): PersonSprite {
  let pick = levels[0]!;
  for (const level of levels) if (standing(level) >= tall) pick = level;
  return pick;
}
