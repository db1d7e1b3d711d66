import type { PersonDetection } from './types.js';

/** Intersection over union of two [x, y, w, h] boxes. */
export function boxIou(a: readonly number[], b: readonly number[]): number {
  const [ax = 0, ay = 0, aw = 0, ah = 0] = a;
  const [bx = 0, by = 0, bw = 0, bh = 0] = b;
  const ix = Math.max(0, Math.min(ax + aw, bx + bw) - Math.max(ax, bx));
  const iy = Math.max(0, Math.min(ay + ah, by + bh) - Math.max(ay, by));
  const inter = ix * iy;
  const union = aw * ah + bw * bh - inter;
  return union > 0 ? inter / union : 0;
}

/** Greedy non-maximum suppression: keeps the best-scoring box of each overlapping group. */
export function suppressOverlaps(
  detections: PersonDetection[],
  iouThreshold: number,
): PersonDetection[] {
  const sorted = [...detections].sort((a, b) => b.score - a.score);
  const kept: PersonDetection[] = [];
  for (const d of sorted) {
    if (kept.every((k) => boxIou(k.box, d.box) < iouThreshold)) kept.push(d);
  }
  return kept;
}
