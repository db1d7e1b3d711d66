/** Camera motion between two frames: a shift plus a zoom about the frame centre (pixels). */
export interface CameraMotion {
  /** Shift such that cur(x, y) ≈ prev(x + dx(x, y), y + dy(x, y)). */
  tx: number;
  ty: number;
  /** Relative zoom: dx grows by `scale` pixels per pixel away from the centre. */
  scale: number;
  /** Blocks that agreed with the model / blocks with enough texture to measure. */
  inliers: number;
  measured: number;
}

const COARSE_BLOCK = 8;
const COARSE_RANGE = 5;
const FINE_BLOCK = 16;

interface BlockVector {
  x: number;
  y: number;
  dx: number;
  dy: number;
  /** Confidence in dx (horizontal texture) and dy (vertical texture). */
  wx: number;
  wy: number;
}

/** Halves a gray image by 2x2 averaging. */
export function halve(src: Uint8Array, width: number, height: number): Uint8Array {
  const w = width >> 1;
  const h = height >> 1;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const r0 = 2 * y * width;
    const r1 = r0 + width;
    for (let x = 0; x < w; x++) {
      const c = 2 * x;
      out[y * w + x] = (src[r0 + c]! + src[r0 + c + 1]! + src[r1 + c]! + src[r1 + c + 1]! + 2) >> 2;
    }
  }
  return out;
}

function sad(
  cur: Uint8Array,
  prev: Uint8Array,
  width: number,
  bx: number,
  by: number,
  size: number,
  dx: number,
  dy: number,
  limit = Infinity,
): number {
  let sum = 0;
  for (let y = 0; y < size; y++) {
    // No need to finish a candidate that is already worse than the best one.
    if (sum > limit) return sum;
    let c = (by + y) * width + bx;
    let p = (by + y + dy) * width + bx + dx;
    for (let x = 0; x < size; x++) {
      const d = cur[c++]! - prev[p++]!;
      sum += d < 0 ? -d : d;
    }
  }
  return sum;
}

/**
 * Texture of a block across x and across y. A block with only vertical lines pins down horizontal
 * shifts but not vertical ones; bare grass pins down neither.
 */
function texture(
  img: Uint8Array,
  width: number,
  bx: number,
  by: number,
  size: number,
): [number, number] {
  let gx = 0;
  let gy = 0;
  for (let y = 0; y < size - 1; y++) {
    let o = (by + y) * width + bx;
    for (let x = 0; x < size - 1; x++, o++) {
      gx += Math.abs(img[o + 1]! - img[o]!);
      gy += Math.abs(img[o + width]! - img[o]!);
    }
  }
  return [gx / (size * size), gy / (size * size)];
}

/**
 * Estimates the camera's pan, tilt and zoom between two gray frames by coarse-to-fine block matching
 * and a robust least-squares fit, so that players' own motion (a minority of blocks) is left over.
 */
export function estimateCameraMotion(
  prev: Uint8Array,
  cur: Uint8Array,
  width: number,
  height: number,
): CameraMotion {
  const cw = width >> 1;
  const ch = height >> 1;
  const prevHalf = halve(prev, width, height);
  const curHalf = halve(cur, width, height);
  const vectors: BlockVector[] = [];
  const margin = COARSE_RANGE;
  // A sparse grid of blocks is plenty to fit three parameters.
  const step = Math.max(COARSE_BLOCK, Math.round(cw / 10));
  for (let by = margin; by + COARSE_BLOCK + margin <= ch; by += step) {
    for (let bx = margin; bx + COARSE_BLOCK + margin <= cw; bx += step) {
      const [texX, texY] = texture(curHalf, cw, bx, by, COARSE_BLOCK);
      if (Math.max(texX, texY) < 1.5) continue;
      let best = Infinity;
      let bdx = 0;
      let bdy = 0;
      for (let dy = -COARSE_RANGE; dy <= COARSE_RANGE; dy++) {
        for (let dx = -COARSE_RANGE; dx <= COARSE_RANGE; dx++) {
          const s = sad(curHalf, prevHalf, cw, bx, by, COARSE_BLOCK, dx, dy, best);
          if (s < best || (s === best && dx * dx + dy * dy < bdx * bdx + bdy * bdy)) {
            best = s;
            bdx = dx;
            bdy = dy;
          }
        }
      }
      // Refine at full resolution around the doubled coarse vector, with sub-pixel parabola fits.
      const fx = bx * 2;
      const fy = by * 2;
      let fdx = bdx * 2;
      let fdy = bdy * 2;
      let fbest = Infinity;
      // costs[(dy + 1) * 3 + (dx + 1)] for the 3x3 candidates around the doubled coarse vector.
      const costs = new Float64Array(9).fill(Infinity);
      let bi = 4;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const ex = bdx * 2 + dx;
          const ey = bdy * 2 + dy;
          if (
            fx + ex < 0 ||
            fy + ey < 0 ||
            fx + ex + FINE_BLOCK > width ||
            fy + ey + FINE_BLOCK > height
          )
            continue;
          const s = sad(cur, prev, width, fx, fy, FINE_BLOCK, ex, ey);
          const k = (dy + 1) * 3 + dx + 1;
          costs[k] = s;
          if (s < fbest) {
            fbest = s;
            fdx = ex;
            fdy = ey;
            bi = k;
          }
        }
      }
      const bxi = bi % 3;
      const byi = Math.floor(bi / 3);
      const subX = bxi === 1 ? parabola(costs[bi - 1], fbest, costs[bi + 1]) : 0;
      const subY = byi === 1 ? parabola(costs[bi - 3], fbest, costs[bi + 3]) : 0;
      vectors.push({
        x: fx + FINE_BLOCK / 2 - width / 2,
        y: fy + FINE_BLOCK / 2 - height / 2,
        dx: fdx + subX,
        dy: fdy + subY,
        wx: Math.min(texX, 20),
        wy: Math.min(texY, 20),
      });
    }
  }
  return fitModel(vectors);
}

function parabola(left: number | undefined, mid: number, right: number | undefined): number {
  if (
    left === undefined ||
    right === undefined ||
    !Number.isFinite(left) ||
    !Number.isFinite(right)
  )
    return 0;
  const denom = left - 2 * mid + right;
  if (denom <= 0) return 0;
  return Math.max(-0.5, Math.min(0.5, (0.5 * (left - right)) / denom));
}

/**
 * Weighted least squares of dx = tx + s*x and dy = ty + s*y (each axis weighted by its texture),
 * refitted without the blocks that disagree (players, flickering crowd).
 */
function fitModel(vectors: BlockVector[]): CameraMotion {
  const strongX = vectors.filter((v) => v.wx >= 1.5);
  const strongY = vectors.filter((v) => v.wy >= 1.5);
  let tx = median(strongX.map((v) => v.dx));
  let ty = median(strongY.map((v) => v.dy));
  let scale = 0;
  let inliers = vectors.length;
  for (let iter = 0; iter < 3; iter++) {
    const limit = iter === 0 ? 3 : 1.5;
    let a11 = 0,
      a13 = 0,
      a22 = 0,
      a23 = 0,
      a33 = 0,
      b1 = 0,
      b2 = 0,
      b3 = 0;
    inliers = 0;
    for (const v of vectors) {
      const ex = Math.abs(v.dx - tx - scale * v.x);
      const ey = Math.abs(v.dy - ty - scale * v.y);
      const wx = ex <= limit ? v.wx : 0;
      const wy = ey <= limit ? v.wy : 0;
      if (wx === 0 && wy === 0) continue;
      inliers++;
      a11 += wx;
      a13 += wx * v.x;
      a22 += wy;
      a23 += wy * v.y;
      a33 += wx * v.x * v.x + wy * v.y * v.y;
      b1 += wx * v.dx;
      b2 += wy * v.dy;
      b3 += wx * v.x * v.dx + wy * v.y * v.dy;
    }
    if (a11 <= 0 || a22 <= 0) break;
    // Eliminate tx and ty: tx = (b1 - s*a13)/a11, ty = (b2 - s*a23)/a22.
    const denom = a33 - (a13 * a13) / a11 - (a23 * a23) / a22;
    scale = denom > 1e-6 ? (b3 - (a13 * b1) / a11 - (a23 * b2) / a22) / denom : 0;
    scale = Math.max(-0.08, Math.min(0.08, scale));
    tx = (b1 - scale * a13) / a11;
    ty = (b2 - scale * a23) / a22;
  }
  return { tx, ty, scale, inliers, measured: vectors.length };
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
