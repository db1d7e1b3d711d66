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
  for (let y = 0; y < height; y++) {
    const ty = Math.min(th - 1, Math.floor(y / scale));
    for (let x = 0; x < width; x++) {
      const tx = Math.min(tw - 1, Math.floor(x / scale));
      const o = (y * width + x) * 3;
      const i = ty * tw + tx;
      data[i] =
        (data[i] ?? 0) +
        0.299 * (rgb[o] ?? 0) +
        0.587 * (rgb[o + 1] ?? 0) +
        0.114 * (rgb[o + 2] ?? 0);
      counts[i] = (counts[i] ?? 0) + 1;
    }
  }
  for (let i = 0; i < data.length; i++) data[i] = (data[i] ?? 0) / Math.max(1, counts[i] ?? 1);
  return { width: tw, height: th, data };
}

export interface CameraShift {
  /** How far the scene moved in the image between the two frames, in thumbnail pixels. */
  dx: number;
  dy: number;
}

/**
 * Global translation of the scene between two thumbnails (block matching over the whole image).
 * Pitch stripes repeat, so the search prefers shifts close to the previous one (cameras pan smoothly).
 */
export function estimateCameraShift(
  previous: GreyThumb,
  current: GreyThumb,
  prior: CameraShift = { dx: 0, dy: 0 },
  maxDx = 30,
  maxDy = 8,
): CameraShift {
  const { width, height } = current;
  let best = prior;
  let bestCost = Infinity;
  for (let dy = -maxDy; dy <= maxDy; dy++) {
    for (let dx = -maxDx; dx <= maxDx; dx++) {
      let sum = 0;
      let n = 0;
      const y0 = Math.max(0, dy);
      const y1 = Math.min(height, height + dy);
      const x0 = Math.max(0, dx);
      const x1 = Math.min(width, width + dx);
      for (let y = y0; y < y1; y += 1) {
        const rowC = y * width;
        const rowP = (y - dy) * width;
        for (let x = x0; x < x1; x += 1) {
          sum += Math.abs((current.data[rowC + x] ?? 0) - (previous.data[rowP + x - dx] ?? 0));
          n++;
        }
      }
      if (n < (width * height) / 3) continue;
      const cost = sum / n + 0.08 * (Math.abs(dx - prior.dx) + Math.abs(dy - prior.dy));
      if (cost < bestCost) {
        bestCost = cost;
        best = { dx, dy };
      }
    }
  }
  return best;
}
