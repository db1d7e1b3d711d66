import sharp from 'sharp';
import { figureSvg } from '../../synth-tracking/player-figure.js';
import type { FilmLook } from './film-style.js';

/** One drawn athlete pose at one size: premultiplied-free RGBA rows and where the figure stands. */
export interface FigureImage {
  width: number;
  height: number;
  rgba: Uint8Array;
  /** First row of the head and last row of the feet. */
  headRow: number;
  feetRow: number;
}

/**
 * The same pose at halving sizes, largest first: a figure is sampled from the smallest level still
 * taller than it is drawn, so far players are not aliased from a large picture.
 */
export type FigureLevels = FigureImage[];

/** Walking phases drawn per team (radians i·2π/PHASES); phase 0 stands with the legs together. */
export const FIGURE_PHASES = 8;
const TOP_HEIGHT = 256;
const MIN_HEIGHT = 12;

/** Figures per team (0, 1, and 2 for officials) and phase. */
export type FigureSet = FigureLevels[][];

const hex = ([r, g, b]: readonly number[]): string =>
  `#${[r, g, b]
    .map((c) =>
      Math.round(Math.max(0, Math.min(255, c ?? 0)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

async function rasterise(svg: string, width: number, height: number): Promise<FigureImage> {
  const rgba = new Uint8Array(await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer());
  return withRows({ width, height, rgba, headRow: 0, feetRow: 0 });
}

function withRows(image: FigureImage): FigureImage {
  let headRow = image.height;
  let feetRow = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if ((image.rgba[(y * image.width + x) * 4 + 3] ?? 0) < 128) continue;
      headRow = Math.min(headRow, y);
      feetRow = Math.max(feetRow, y);
    }
  }
  return { ...image, headRow, feetRow };
}

async function halve(image: FigureImage): Promise<FigureImage> {
  const width = Math.max(1, Math.round(image.width / 2));
  const height = Math.max(1, Math.round(image.height / 2));
  const rgba = new Uint8Array(
    await sharp(image.rgba, { raw: { width: image.width, height: image.height, channels: 4 } })
      .resize(width, height, { fit: 'fill', kernel: 'cubic' })
      .raw()
      .toBuffer(),
  );
  return withRows({ width, height, rgba, headRow: 0, feetRow: 0 });
}

/**
 * Athlete figures in the look's kits (the tracking films' figure, which a person detector takes for
 * a person, where the styled films' block figures are not), one per team and walking phase.
 */
export async function renderFigureSet(look: FilmLook): Promise<FigureSet> {
  const dim = look.night && !look.indoor ? 0.8 : 1;
  const kits = [
    ...look.kits.map((k) => ({ jersey: k, shorts: k.map((c) => c * 0.45), trim: [235, 235, 235] })),
    { jersey: [30, 30, 30], shorts: [30, 30, 30], trim: [235, 235, 235] },
  ];
  const skins = ['#c68642', '#8d5524', '#e0ac69'];
  const width = Math.round(TOP_HEIGHT * 0.8);
  const height = Math.round(TOP_HEIGHT * 1.08);
  return Promise.all(
    kits.map((kit, team) =>
      Promise.all(
        Array.from({ length: FIGURE_PHASES }, async (_, i) => {
          const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${figureSvg(
            {
              x: width / 2,
              y: TOP_HEIGHT * 1.04,
              height: TOP_HEIGHT,
              phase: (i * 2 * Math.PI) / FIGURE_PHASES,
              facingAway: true,
              jersey: hex(kit.jersey.map((c) => c * dim)),
              trim: hex(kit.trim.map((c) => c * dim)),
              shorts: hex(kit.shorts.map((c) => c * dim)),
              skin: skins[team % skins.length]!,
              numberColour: '#ffffff',
              number: null,
            },
          )}</svg>`;
          const levels: FigureLevels = [await rasterise(svg, width, height)];
          while (levels[levels.length - 1]!.height / 2 >= MIN_HEIGHT)
            levels.push(await halve(levels[levels.length - 1]!));
          return levels;
        }),
      ),
    ),
  );
}

/** The level to sample a figure `tall` pixels tall from: the smallest at least that tall. */
export function levelFor(levels: FigureLevels, tall: number): FigureImage {
  let pick = levels[0]!;
  for (const level of levels) if (level.feetRow - level.headRow >= tall) pick = level;
  return pick;
}
