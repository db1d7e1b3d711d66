import { describe, expect, it } from 'vitest';
import type { NumberReader } from './number-reader.js';

// The worker thread runs the compiled module (the sources run the reader on this thread).
const compiled = new URL('../../dist/tracking/number-reader.js', import.meta.url).href;

describe('number reading on its own thread', () => {
  it('fails a read in progress when the thread stops, instead of leaving it waiting', async () => {
    const { createNumberReader } = (await import(compiled)) as {
      createNumberReader: () => Promise<NumberReader>;
    };
    const reader = await createNumberReader();
    const frame = { width: 320, height: 240, data: new Uint8Array(320 * 240 * 3).fill(90) };
    const read = reader.read({
      frame,
      detections: [{ box: [100, 40, 60, 160], score: 0.9 }],
      jobs: [{ detection: 0, overlap: 0, jersey: null, textLook: 0, besideBand: false }],
    });
    await reader.close();
    await expect(read).rejects.toThrow(/number reader stopped/);
  });
});
