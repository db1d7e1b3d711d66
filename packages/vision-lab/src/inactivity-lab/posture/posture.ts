import type { Keypoint } from './movenet-pose.js';

/** How one person stands, from a MoveNet pose; null where the torso or legs were not found. */
export interface Posture {
  /** The torso's angle from upright, degrees: 0 standing or jogging, near 90 in a stance. */
  leanDeg: number;
  /** The straighter knee's angle, degrees: 180 a straight leg. */
  kneeDeg: number;
  /** Ankles apart over the torso's length: a stride or a wide stance. */
  stride: number;
}

const MIN_SCORE = 0.25;

function angleAt(a: Keypoint, b: Keypoint, c: Keypoint): number {
  const ux = a.x - b.x;
  const uy = a.y - b.y;
  const vx = c.x - b.x;
  const vy = c.y - b.y;
  const cos = (ux * vx + uy * vy) / Math.max(1e-9, Math.hypot(ux, uy) * Math.hypot(vx, vy));
  return (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
}

export function postureOf(k: readonly Keypoint[]): Posture | null {
  const seen = (i: number): Keypoint | null => (k[i] && k[i]!.score >= MIN_SCORE ? k[i]! : null);
  const [ls, rs, lh, rh, lk, rk, la, ra] = [5, 6, 11, 12, 13, 14, 15, 16].map(seen);
  if (!ls || !rs || !lh || !rh) return null;
  const shoulder = { x: (ls.x + rs.x) / 2, y: (ls.y + rs.y) / 2 };
  const hip = { x: (lh.x + rh.x) / 2, y: (lh.y + rh.y) / 2 };
  const torso = Math.hypot(shoulder.x - hip.x, shoulder.y - hip.y);
  if (torso < 1) return null;
  const leanDeg = (Math.atan2(Math.abs(shoulder.x - hip.x), hip.y - shoulder.y) * 180) / Math.PI;
  const knees: number[] = [];
  if (lk && la) knees.push(angleAt(lh, lk, la));
  if (rk && ra) knees.push(angleAt(rh, rk, ra));
  if (knees.length === 0) return null;
  const stride = la && ra ? Math.abs(la.x - ra.x) / torso : 0;
  return { leanDeg, kneeDeg: Math.max(...knees), stride };
}

/** Upright: the torso within 20 degrees of vertical and a straight leg (walking, jogging, standing). */
export function isUpright(p: Posture): boolean {
  return p.leanDeg < 20 && p.kneeDeg > 155;
}

/** Bent over: a stance or a drive (torso over 35 degrees, or both knees bent under 130). */
export function isBent(p: Posture): boolean {
  return p.leanDeg > 35 || p.kneeDeg < 130;
}

/** The lower median (0 for none). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
}

/**
 * The people worth posing: at least `minHeight` pixels tall and no taller than twice the frame's
 * median person (the people near the camera: bench, coaches).
 */
export function fieldPeople<T extends { box: readonly number[] }>(
  people: readonly T[],
  minHeight: number,
): T[] {
  const mid = median(people.map((d) => d.box[3]!));
  return people.filter((d) => d.box[3]! >= minHeight && d.box[3]! <= 2 * mid);
}
