import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenCv, PlanarMotion } from './planar-motion.js';

type OpenCv = Awaited<ReturnType<typeof loadOpenCv>>['cv'];

const W = 320;
const H = 180;
let cv: OpenCv;

beforeAll(async () => {
  ({ cv } = await loadOpenCv());
});

/** A turf-like grey picture: smooth texture with field lines, the same for every seed. */
function field(): Uint8Array {
  const img = new Uint8Array(W * H);
  let state = 12345;
  const random = (): number => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  const coarse = Array.from({ length: 24 * 14 }, () => random());
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const c = coarse[Math.floor(y / 14) * 24 + Math.floor(x / 14)]!;
      const line = x % 53 < 2 || (y + x / 4) % 47 < 2 ? 80 : 0;
      img[y * W + x] = Math.min(255, 70 + c * 40 + line + random() * 6);
    }
  }
  return img;
}

function paintBox(
  img: Uint8Array,
  x: number,
  y: number,
  w: number,
  h: number,
  level: number,
): void {
  for (let j = y; j < y + h; j++) for (let i = x; i < x + w; i++) img[j * W + i] = level;
}

/** The picture as a phone that turned a little would see it next (a homography of the field). */
function turned(img: Uint8Array): Uint8Array {
  const src = new cv.Mat(H, W, cv.CV_8UC1);
  src.data.set(img);
  const angle = (0.8 * Math.PI) / 180;
  const zoom = 1.015;
  const [cx, cy] = [W / 2, H / 2];
  const a = zoom * Math.cos(angle);
  const b = zoom * Math.sin(angle);
  const m = cv.matFromArray(3, 3, cv.CV_64F, [
    a,
    -b,
    cx - a * cx + b * cy + 3.5,
    b,
    a,
    cy - b * cx - a * cy - 2,
    0.00002,
    0,
    1,
  ]);
  const out = new cv.Mat();
  cv.warpPerspective(src, out, m, new cv.Size(W, H), cv.INTER_LINEAR, cv.BORDER_REPLICATE);
  const result = Uint8Array.from(out.data);
  for (const mat of [src, m, out]) mat.delete();
  return result;
}

describe('PlanarMotion', () => {
  const analysers: PlanarMotion[] = [];
  const analyser = (): PlanarMotion => {
    const p = new PlanarMotion(cv, W, H);
    analysers.push(p);
    return p;
  };
  afterAll(() => analysers.forEach((p) => p.dispose()));

  it('reads nothing on the first frame', () => {
    expect(analyser().push(field())).toBeNull();
  });

  it('sees no movement when only the camera turns and zooms over a still field', () => {
    const p = analyser();
    const before = field();
    paintBox(before, 100, 60, 4, 10, 20);
    p.push(before);
    const sample = p.push(turned(before));
    expect(sample).not.toBeNull();
    expect(sample!.movingPx).toBeLessThan(15);
  });

  it('sees a player who moved while the camera turned', () => {
    const p = analyser();
    const before = field();
    paintBox(before, 100, 60, 4, 10, 20);
    p.push(before);
    const base = field();
    paintBox(base, 108, 60, 4, 10, 20);
    const sample = p.push(turned(base));
    expect(sample!.movingPx).toBeGreaterThanOrEqual(40);
    expect(sample!.blobHeightPx).toBeGreaterThanOrEqual(8);
    expect(sample!.blobHeightPx).toBeLessThanOrEqual(14);
  });

  it('counts a tall figure near the camera for nothing beside several far players', () => {
    const far = [40, 120, 200, 260];
    const frame = (shift: number, coach: boolean): Uint8Array => {
      const img = field();
      for (const x of far) paintBox(img, x + shift, 50, 4, 10, 20);
      if (coach) paintBox(img, 150 + shift * 2, 110, 14, 50, 230);
      return img;
    };
    const withCoach = analyser();
    withCoach.push(frame(0, true));
    const a = withCoach.push(frame(6, true))!;
    const without = analyser();
    without.push(frame(0, false));
    const b = without.push(frame(6, false))!;
    expect(b.movingPx).toBeGreaterThan(100);
    expect(a.movingPx).toBe(b.movingPx);
  });
});
