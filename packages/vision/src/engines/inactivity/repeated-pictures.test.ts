import { describe, expect, it } from 'vitest';
import { NO_EARLIER_PICTURE, RepeatedPictures } from './repeated-pictures.js';
import { REPEAT_GAP_SEC, REPEAT_WINDOW_SEC } from './tuning.js';

const W = 64;
const H = 36;

/** A dark picture with a light 8-px square at a place of its own for each `moment`. */
function picture(moment: number): Uint8Array {
  const rgb = new Uint8Array(W * H * 3).fill(50);
  const x0 = (moment * 13) % (W - 8);
  const y0 = (moment * 7) % (H - 8);
  for (let y = y0; y < y0 + 8; y++)
    for (let x = x0; x < x0 + 8; x++) rgb.fill(200, (y * W + x) * 3, (y * W + x) * 3 + 3);
  return rgb;
}

describe('repeated pictures', () => {
  it('finds a replay’s pictures among those shown before, and none for live moments', () => {
    const fps = 5;
    const seen = new RepeatedPictures(W, H, fps);
    const live = Array.from({ length: 40 }, (_, i) => seen.push(picture(i)));
    // the first frames have nothing far enough back
    expect(live[0]!.nearest).toBe(NO_EARLIER_PICTURE);
    expect(live[REPEAT_GAP_SEC * fps - 1]!.nearest).toBe(NO_EARLIER_PICTURE);
    // a moment that never came before lies far from every earlier picture; the next frame too
    for (const frame of live.slice(REPEAT_GAP_SEC * fps)) {
      expect(frame.nearest).toBeGreaterThan(4);
      expect(frame.change).toBeGreaterThan(4);
    }
    // the moments of 2–6 s shown again
    const replay = Array.from({ length: 20 }, (_, i) => seen.push(picture(10 + i)));
    for (const frame of replay) expect(frame.nearest).toBeLessThan(0.01);
  });

  it('remembers only its window, so memory does not grow with the film', () => {
    const fps = 1;
    const seen = new RepeatedPictures(W, H, fps);
    seen.push(picture(0));
    // other moments for a minute (the square's place repeats every 56 moments)
    for (let i = 1; i <= REPEAT_WINDOW_SEC; i++) seen.push(picture(i % 56 === 0 ? 1 : i));
    // shown again a minute later: out of the window, so not a repeat
    expect(seen.push(picture(0)).nearest).toBeGreaterThan(4);
  });
});
