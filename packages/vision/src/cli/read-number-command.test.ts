import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedMediaForTests, withSkipReason } from '@filmroom/test-media';
import { readNumberCommand } from './read-number-command.js';

const crop = sharedMediaForTests('jersey-crops/sn_1105_1105_525.jpg');
const notImage = sharedMediaForTests('README.md');

describe('scout-vision read-number', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.skipIf(!crop.path || !notImage.path)(
    withSkipReason(
      'prints one JSON entry per crop with the number read, and null for a file that is not an image',
      crop,
    ),
    async () => {
      const out: string[] = [];
      vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
        out.push(String(chunk));
        return true;
      });
      const code = await readNumberCommand.run([crop.path!, notImage.path!]);
      const printed = JSON.parse(out.join('')) as {
        file: string;
        number: number | null;
        printed: string | null;
        confidence: number;
      }[];
      expect(printed).toHaveLength(2);
      expect(printed[0]).toMatchObject({ file: crop.path, number: 23, printed: '23' });
      expect(printed[0]!.confidence).toBeGreaterThan(0.5);
      expect(printed[1]).toMatchObject({ file: notImage.path, number: null, printed: null });
      expect(code).toBe(2);
    },
  );

  it('asks for at least one image', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await readNumberCommand.run([])).toBe(64);
  });
});
