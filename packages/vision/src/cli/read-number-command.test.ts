import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedMediaDir } from '../synth-tracking/shared-media.js';
import { readNumberCommand } from './read-number-command.js';

describe('scout-vision read-number', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('prints one JSON entry per crop with the number read, and null for a file that is not an image', async () => {
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      out.push(String(chunk));
      return true;
    });
    const crop = join(sharedMediaDir(), 'jersey-crops', 'sn_1105_1105_525.jpg');
    const notImage = join(sharedMediaDir(), 'README.md');
    const code = await readNumberCommand.run([crop, notImage]);
    const printed = JSON.parse(out.join('')) as {
      file: string;
      number: number | null;
      confidence: number;
    }[];
    expect(printed).toHaveLength(2);
    expect(printed[0]).toMatchObject({ file: crop, number: 23 });
    expect(printed[0]!.confidence).toBeGreaterThan(0.5);
    expect(printed[1]).toMatchObject({ file: notImage, number: null });
    expect(code).toBe(2);
  });

  it('asks for at least one image', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await readNumberCommand.run([])).toBe(64);
  });
});
