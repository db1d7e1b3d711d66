import { describe, expect, it } from 'vitest';
import { fitsPictureLimit } from './picture-limit.js';

describe('the picture limit', () => {
  const limit = { width: 7680, height: 4320 };
  it.each([
    [7680, 4320, true],
    [4320, 7680, true],
    [3840, 2160, true],
    [4096, 4096, true],
    [7681, 4320, false],
    [8000, 1000, false],
    [4321, 4321, false],
    [16000, 12000, false],
  ])('%ix%i fits: %s', (width, height, fits) => {
    expect(fitsPictureLimit({ width, height }, limit)).toBe(fits);
  });
});
