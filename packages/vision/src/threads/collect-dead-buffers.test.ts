import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectDeadBuffers } from './collect-dead-buffers.js';

const MB = 1024 * 1024;

/** Drops `count` buffers of 4 MB one after another, calling `after` after each; the most held. */
function churn(count: number, after: () => void): number {
  const holders: { pixels: Uint8Array }[] = [];
  let most = 0;
  for (let i = 0; i < count; i++) {
    // a frame waits a little while (as in the look-ahead queue) before it is dropped
    holders.push({ pixels: new Uint8Array(4 * MB).fill(i % 255) });
    if (holders.length > 2) holders.shift();
    after();
    most = Math.max(most, process.memoryUsage().arrayBuffers);
  }
  return most;
}

describe('collectDeadBuffers', () => {
  const hadGc = 'gc' in globalThis;
  beforeAll(() => {
    // the engine process gets `--expose-gc` on its command line; a test turns it on here
    setFlagsFromString('--expose-gc');
    (globalThis as { gc?: unknown }).gc = runInNewContext('gc');
  });
  afterAll(() => {
    if (!hadGc) delete (globalThis as { gc?: unknown }).gc;
  });

  it('keeps the buffers of dropped frames from piling up', () => {
    const base = process.memoryUsage().arrayBuffers;
    // alive: 2 frames (8 MB); dropped since the last collection: at most 3 more
    expect(churn(200, collectDeadBuffers) - base).toBeLessThanOrEqual(24 * MB);
  });

  it('does nothing where the collector is not exposed', () => {
    const gc = (globalThis as { gc?: unknown }).gc;
    delete (globalThis as { gc?: unknown }).gc;
    try {
      expect(() => collectDeadBuffers()).not.toThrow();
    } finally {
      (globalThis as { gc?: unknown }).gc = gc;
    }
  });
});
