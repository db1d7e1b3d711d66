import { REPEAT_GAP_SEC, REPEAT_WINDOW_SEC } from './tuning.js';

/** The picture is reduced to this many cells across and down, grey, for comparing whole frames. */
const CELLS_X = 32;
const CELLS_Y = 18;
const CELLS = CELLS_X * CELLS_Y;
/** What `nearest` reads when no frame lies far enough back to compare with. */
export const NO_EARLIER_PICTURE = 255;

/**
 * Tells a picture the film has already shown: a broadcast's replay shows the moments of a play
 * again (slowed, the in-between pictures interpolated), while a live moment never repeats. Each
 * frame becomes a grey thumbnail less its own mean brightness; `push` answers its distance (mean
 * absolute difference, grey levels) to the nearest frame between REPEAT_WINDOW_SEC and
 * REPEAT_GAP_SEC before it, and to the frame just before it. Only the window is kept, so memory
 * does not grow with the film.
 */
export class RepeatedPictures {
  private readonly ring: Float32Array;
  private readonly size: number;
  private readonly gap: number;
  private pushed = 0;
  private readonly thumb = new Float32Array(CELLS);
  /** Each column's and each row's cell (the row's as an offset), and the pixels in each cell. */
  private readonly columnCell: Uint16Array;
  private readonly rowCell: Uint16Array;
  private readonly cellPixels = new Float32Array(CELLS);

  constructor(
    private readonly width: number,
    private readonly height: number,
    fps: number,
  ) {
    this.size = Math.max(1, Math.round(REPEAT_WINDOW_SEC * fps));
    this.gap = Math.max(1, Math.round(REPEAT_GAP_SEC * fps));
    this.ring = new Float32Array(this.size * CELLS);
    this.columnCell = Uint16Array.from({ length: width }, (_, x) =>
      Math.min(CELLS_X - 1, Math.floor((x * CELLS_X) / width)),
    );
    this.rowCell = Uint16Array.from(
      { length: height },
      (_, y) => Math.min(CELLS_Y - 1, Math.floor((y * CELLS_Y) / height)) * CELLS_X,
    );
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) this.cellPixels[this.rowCell[y]! + this.columnCell[x]!]!++;
  }

  /** One rgb24 frame of width x height; its distances to earlier pictures. */
  push(rgb: Uint8Array): { nearest: number; change: number } {
    this.thumbnail(rgb);
    const { ring, size, gap, thumb } = this;
    const index = this.pushed;
    const previous = index > 0 ? distance(thumb, ring, ((index - 1) % size) * CELLS) : 0;
    let nearest = NO_EARLIER_PICTURE;
    for (let j = Math.max(0, index - size + 1); j <= index - gap; j++)
      nearest = Math.min(nearest, distance(thumb, ring, (j % size) * CELLS));
    ring.set(thumb, (index % size) * CELLS);
    this.pushed++;
    return { nearest, change: previous };
  }

  private thumbnail(rgb: Uint8Array): void {
    const { width, height, thumb, columnCell, rowCell, cellPixels } = this;
    thumb.fill(0);
    for (let y = 0; y < height; y++) {
      const row = rowCell[y]!;
      for (let x = 0; x < width; x++) {
        const o = (y * width + x) * 3;
        thumb[row + columnCell[x]!]! += (rgb[o]! + rgb[o + 1]! + rgb[o + 2]!) / 3;
      }
    }
    let mean = 0;
    for (let i = 0; i < CELLS; i++) {
      thumb[i] = cellPixels[i]! > 0 ? thumb[i]! / cellPixels[i]! : 0;
      mean += thumb[i]! / CELLS;
    }
    for (let i = 0; i < CELLS; i++) thumb[i]! -= mean;
  }
}

function distance(a: Float32Array, ring: Float32Array, offset: number): number {
  let sum = 0;
  for (let i = 0; i < CELLS; i++) sum += Math.abs(a[i]! - ring[offset + i]!);
  return sum / CELLS;
}
