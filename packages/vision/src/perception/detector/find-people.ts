import { suppressOverlaps } from './box-nms.js';
import type { PersonDetection, PersonFinder, RgbFrame } from './types.js';

export type DetectLayout = 'tiles' | 'letterbox';

export interface FindPeopleOptions {
  /**
   * 'tiles' (default): square tiles across the long side, each a full model input, so small players
   * keep their size and shape (CenterNet squashes any input to 512×512). 'letterbox': one pass on the
   * frame padded to a square (half the cost, fewer small players found).
   */
  layout?: DetectLayout;
  minScore?: number;
}

interface Tile {
  x: number;
  y: number;
  size: number;
}

/** Square tiles (side = the short side) covering the frame with even overlaps. */
export function squareTiles(width: number, height: number): Tile[] {
  const size = Math.min(width, height);
  const long = Math.max(width, height);
  const count = long <= size * 1.05 ? 1 : Math.ceil(long / size);
  const step = count > 1 ? (long - size) / (count - 1) : 0;
  return Array.from({ length: count }, (_, i) => {
    const offset = Math.round(i * step);
    return width >= height ? { x: offset, y: 0, size } : { x: 0, y: offset, size };
  });
}

function cropFrame(frame: RgbFrame, x: number, y: number, w: number, h: number): RgbFrame {
  const data = new Uint8Array(w * h * 3);
  for (let row = 0; row < h; row++) {
    const from = ((y + row) * frame.width + x) * 3;
    data.set(frame.data.subarray(from, from + w * 3), row * w * 3);
  }
  return { width: w, height: h, data };
}

function letterboxFrame(frame: RgbFrame): { frame: RgbFrame; dx: number; dy: number } {
  const size = Math.max(frame.width, frame.height);
  const dx = Math.floor((size - frame.width) / 2);
  const dy = Math.floor((size - frame.height) / 2);
  const data = new Uint8Array(size * size * 3).fill(114);
  for (let row = 0; row < frame.height; row++) {
    data.set(
      frame.data.subarray(row * frame.width * 3, (row + 1) * frame.width * 3),
      ((row + dy) * size + dx) * 3,
    );
  }
  return { frame: { width: size, height: size, data }, dx, dy };
}

/** True when a box touches a tile edge that lies inside the frame (the person is cut by the tile). */
function isCutByTile(d: PersonDetection, tile: Tile, frame: RgbFrame): boolean {
  const [x, y, w, h] = d.box;
  const margin = 3;
  const left = tile.x > 0 && x - tile.x < margin;
  const right = tile.x + tile.size < frame.width && tile.x + tile.size - (x + w) < margin;
  const top = tile.y > 0 && y - tile.y < margin;
  const bottom = tile.y + tile.size < frame.height && tile.y + tile.size - (y + h) < margin;
  return left || right || top || bottom;
}

/** Finds the people in a frame; boxes are in the frame's pixels. Tiles run in parallel on a pool. */
export async function findPeople(
  finder: PersonFinder,
  frame: RgbFrame,
  options: FindPeopleOptions = {},
): Promise<PersonDetection[]> {
  const minScore = options.minScore ?? 0.1;
  if (options.layout === 'letterbox') {
    const padded = letterboxFrame(frame);
    const found = await finder.detect(padded.frame, { minScore, handOver: true });
    return found.map((d) => ({
      ...d,
      box: [d.box[0] - padded.dx, d.box[1] - padded.dy, d.box[2], d.box[3]],
    }));
  }
  const tiles = squareTiles(frame.width, frame.height);
  const perTile = await Promise.all(
    tiles.map(async (tile) => {
      const found = await finder.detect(cropFrame(frame, tile.x, tile.y, tile.size, tile.size), {
        minScore,
        handOver: true,
      });
      return found
        .map((d): PersonDetection => ({
          ...d,
          box: [d.box[0] + tile.x, d.box[1] + tile.y, d.box[2], d.box[3]],
        }))
        .filter((d) => tiles.length === 1 || !isCutByTile(d, tile, frame));
    }),
  );
  return suppressOverlaps(perTile.flat(), 0.5);
}
