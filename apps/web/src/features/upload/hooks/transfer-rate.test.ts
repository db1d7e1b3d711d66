import { describe, expect, it } from 'vitest';
import { createRateMeter, formatSpeed, formatTimeLeft } from './transfer-rate.js';

describe('upload speed and time left', () => {
  it('measures from the first sample, so bytes a resumed upload skipped do not count as speed', () => {
    let now = 0;
    const meter = createRateMeter(() => now);
    const total = 100 * 1024 ** 2;

    expect(meter.sample(50 * 1024 ** 2, total).secondsLeft).toBeUndefined();
    now = 2000;
    const rate = meter.sample(60 * 1024 ** 2, total);

    expect(formatSpeed(rate.bytesPerSecond)).toBe('5.0 MB/s');
    expect(formatTimeLeft(rate.secondsLeft)).toBe('8 s left');
  });

  it('says minutes and hours in words', () => {
    expect(formatTimeLeft(undefined)).toBe('estimating time left');
    expect(formatTimeLeft(150)).toBe('about 3 min left');
    expect(formatTimeLeft(3 * 3600 + 20 * 60)).toBe('about 3 h 20 min left');
    expect(formatSpeed(300 * 1024)).toBe('300 KB/s');
    expect(formatSpeed(25 * 1024 ** 2)).toBe('25 MB/s');
  });
});
