import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedMediaForTests, withSkipReason } from '@filmroom/test-media';
import { DigitReader, DigitReading } from './digit-reader.js';
import { fuseReads } from './fuse-reads.js';
import { NUMBER_READER_MODEL } from './number-reader-model.js';
import { NumberRecognizer } from './number-recognizer.js';
import { readJerseyNumberFile } from './read-jersey-number.js';

/** A reading that puts `p` on one printed number (its length and each digit) and spreads the rest. */
function readingOf(text: string, p: number): DigitReading {
  const length = new Float32Array(3).fill((1 - p) / 2);
  const first = new Float32Array(10).fill((1 - p) / 9);
  const second = new Float32Array(10).fill((1 - p) / 9);
  length[text.length] = p;
  if (text.length > 0) first[Number(text[0])] = p;
  if (text.length > 1) second[Number(text[1])] = p;
  return new DigitReading(length, first, second);
}

describe('fusing PP-OCR with the trained reader', () => {
  it('reads what both readers read, surely', () => {
    const read = fuseReads([{ text: '23', confidence: 0.9 }], readingOf('23', 0.9));
    expect(read.text).toBe('23');
    expect(read.confidence).toBeGreaterThan(0.9);
  });

  it("takes a sure reader's number where PP-OCR reads nothing", () => {
    const read = fuseReads([{ text: '', confidence: 0 }], readingOf('17', 0.995));
    expect(read.text).toBe('17');
  });

  it('keeps 0 and 00 apart: a number is what is printed', () => {
    expect(fuseReads([{ text: '00', confidence: 0.9 }], readingOf('00', 0.95)).text).toBe('00');
    expect(fuseReads([{ text: '0', confidence: 0.9 }], readingOf('0', 0.95)).text).toBe('0');
  });

  it('says none where neither reads a number', () => {
    expect(fuseReads([{ text: '', confidence: 0 }], readingOf('', 0.95)).text).toBeNull();
  });

  it('settles a disagreement for the reader PP-OCR half backs', () => {
    const read = fuseReads(
      [
        { text: '11', confidence: 0.6 },
        { text: '17', confidence: 0.5 },
      ],
      readingOf('17', 0.8),
    );
    expect(read.text).toBe('17');
  });
});

const crops = sharedMediaForTests('jersey-crops');

describe.skipIf(!crops.path || !existsSync(NUMBER_READER_MODEL))(
  withSkipReason('the shipped reader on real jersey crops it never trained on', crops),
  () => {
    let recognizer: NumberRecognizer;
    let digits: DigitReader;
    beforeAll(async () => {
      recognizer = await NumberRecognizer.create();
      digits = await DigitReader.create(NUMBER_READER_MODEL);
    });
    afterAll(async () => {
      await recognizer.close();
      await digits.close();
    });

    it('reads more of them with the reader than PP-OCR reads alone', async () => {
      const dir = crops.path!;
      const { readFile } = await import('node:fs/promises');
      const rows = (await readFile(join(dir, 'labels.tsv'), 'utf8'))
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t'));
      let alone = 0;
      let fused = 0;
      for (const [file, label] of rows) {
        const path = join(dir, file!);
        if (String((await readJerseyNumberFile(recognizer, path)).number) === label) alone++;
        const read = await readJerseyNumberFile(recognizer, path, undefined, digits);
        if (String(read.number) === label) fused++;
      }
      expect(fused).toBeGreaterThan(alone);
      expect(fused / rows.length).toBeGreaterThanOrEqual(0.85);
    });
  },
);
