import sharp from 'sharp';
import { figureSvg, type FigurePose } from './player-figure.js';
import type { PersonSprite } from './sprite-bank.js';

/** Height the figures are drawn at; films scale them down (smoothly) to their players' heights. */
const DRAWN_HEIGHT = 420;

/**
 * Kit colours the recolouring recognises: a light-blue jersey is repainted in the team's primary
 * colour, white shorts and socks in its secondary colour (see recolour-sprite.ts).
 */
const OUTFIELD = { jersey: '#3f8fdc', trim: '#f0f0f0', shorts: '#f0f0f0', numberColour: '#ffffff' };
/** A referee in black, which the recolouring leaves as it is. */
const REFEREE = { jersey: '#161616', trim: '#161616', shorts: '#161616', numberColour: '#161616' };

const SKINS = ['#8d5524', '#c68642', '#e0ac69', '#f1c27d', '#5c3a21', '#a0672f'];

/** Player sprites drawn from the repo's own athlete figure: the suite needs no real footage. */
export async function drawnSpriteBank(): Promise<PersonSprite[]> {
  const poses: FigurePose[] = [];
  for (let i = 0; i < 8; i++) {
    poses.push(pose(OUTFIELD, SKINS[i % SKINS.length]!, (i * Math.PI) / 4));
  }
  poses.push(pose(REFEREE, SKINS[1]!, 0.6));
  return Promise.all(poses.map(drawSprite));
}

function pose(kit: typeof OUTFIELD, skin: string, phase: number): FigurePose {
  const width = DRAWN_HEIGHT * 0.8;
  return {
    x: width / 2,
    y: DRAWN_HEIGHT * 1.04,
    height: DRAWN_HEIGHT,
    phase,
    facingAway: true,
    skin,
    number: null,
    ...kit,
  };
}

function drawSprite(figure: FigurePose): Promise<PersonSprite> {
  return rasteriseFigure(figure, Math.round(DRAWN_HEIGHT * 0.8), Math.round(DRAWN_HEIGHT * 1.08));
}

/** A figure drawn on a transparent `width` x `height` canvas, with the rows it spans. */
export async function rasteriseFigure(
  figure: FigurePose,
  width: number,
  height: number,
): Promise<PersonSprite> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${figureSvg(figure)}</svg>`;
  const rgba = new Uint8Array(await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer());
  let headRow = height;
  let feetRow = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((rgba[(y * width + x) * 4 + 3] ?? 0) < 128) continue;
      headRow = Math.min(headRow, y);
      feetRow = Math.max(feetRow, y);
    }
  }
  return { width, height, rgba, headRow, feetRow };
}
