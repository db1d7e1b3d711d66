/** A small grey image used to match whole frames against each other. */
export interface GreyThumb {
  width: number;
  height: number;
  data: Float32Array;
}

/** Box-filters an RGB frame down to a grey thumbnail `width` pixels wide. */
export function greyThumb(
  rgb: Uint8Array,
  width: number,
  height: number,
  thumbWidth = 160,
): GreyThumb {
  const scale = width / thumbWidth;
  const tw = thumbWidth;
  const th = Math.max(1, Math.round(height / scale));
  const data = new Float32Array(tw * th);
  const counts = new Uint16Array(tw * th);
  const column = new Int32Array(width);
  for (let x = 0; x < width; x++) column[x] = Math.min(tw - 1, Math.floor(x / scale));
  for (let y = 0; y < height; y++) {
    const row = Math.min(th - 1, Math.floor(y / scale)) * tw;
    let o = y * width * 3;
    for (let x = 0; x < width; x++, o += 3) {
      const i = row + column[x]!;
      data[i] = data[i]! + 0.299 * rgb[o]! + 0.587 * rgb[o + 1]! + 0.114 * rgb[o + 2]!;
      counts[i] = counts[i]! + 1;
    }
  }
  for (let i = 0; i < data.length; i++) data[i] = data[i]! / Math.max(1, counts[i]!);
  return { width: tw, height: th, data };
}

export interface CameraShift {
  /** How far the scene moved in the image between the two frames, in thumbnail pixels. */
  dx: number;
  dy: number;
}

/** Mean absolute difference of the overlap at shift (dx, dy) plus the pull towards `prior`. */
function shiftCost(
  previous: Float32Array,
  current: Float32Array,
  width: number,
  height: number,
  dx: number,
  dy: number,
  prior: CameraShift,
  stopAbove: number,
): number {
  const y0 = Math.max(0, dy);
  const y1 = Math.min(height, height + dy);
  const x0 = Math.max(0, dx);
  const x1 = Math.min(width, width + dx);
  const n = Math.max(0, y1 - y0) * Math.max(0, x1 - x0);
  if (n < (width * height) / 3) return Infinity;
  const pull = 0.08 * (Math.abs(dx - prior.dx) + Math.abs(dy - prior.dy));
  let sum = 0;
  for (let y = y0; y < y1; y += 1) {
    const rowC = y * width;
    const rowP = (y - dy) * width - dx;
    for (let x = x0; x < x1; x += 1) sum += Math.abs(current[rowC + x]! - previous[rowP + x]!);
    // the sum only grows: once over the bound the shift cannot win (the result is unchanged)
    if (sum / n + pull > stopAbove) return Infinity;
  }
  return sum / n + pull;
}

/**
 * Global translation of the scene between two thumbnails (block matching over the whole image).
 * Pitch stripes repeat, so the search prefers shifts close to the previous one (cameras pan smoothly).
 * The cost at the prior shift bounds the search: a shift whose partial cost exceeds it, or the best
 * so far, is dropped early; the first shift of least cost in scan order wins, as in a full search.
 */
export function estimateCameraShift(
  previous: GreyThumb,
  current: GreyThumb,
  prior: CameraShift = { dx: 0, dy: 0 },
  maxDx = 30,
  maxDy = 8,
): CameraShift {
  const { width, height } = current;
  const cur = current.data;
  const prev = previous.data;
  const inRange = Math.abs(prior.dx) <= maxDx && Math.abs(prior.dy) <= maxDy;
  const bound = inRange
    ? shiftCost(prev, cur, width, height, prior.dx, prior.dy, prior, Infinity)
    : Infinity;
  let best = prior;
  let bestCost = Infinity;
  for (let dy = -maxDy; dy <= maxDy; dy++) {
    for (let dx = -maxDx; dx <= maxDx; dx++) {
      // a cost equal to the bound may still win (the first of equal costs does): only above is dropped
      const cost = shiftCost(prev, cur, width, height, dx, dy, prior, Math.min(bound, bestCost));
      if (cost < bestCost) {
        bestCost = cost;
        best = { dx, dy };
      }
    }
  }
  return best;
}
