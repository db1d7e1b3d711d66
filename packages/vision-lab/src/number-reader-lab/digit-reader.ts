import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import type { RgbFrame } from '@filmroom/vision/internal/perception/detector/types.js';
import { resizeRgb } from '@filmroom/vision/internal/perception/numbers/rgb-resize.js';

/** The reader's input side: crops are stretched to this square, as it was trained. */
const SIZE = 32;

const packageDir = fileURLToPath(new URL('../..', import.meta.url));

/** Where `npm run train:number-reader` writes the reader's weights (git-ignored: it is not shipped). */
export const DIGIT_READER_MODEL = join(
  packageDir,
  '.cache',
  'number-reader',
  'jersey-number-reader.onnx',
);

export function hasDigitReader(): boolean {
  return existsSync(DIGIT_READER_MODEL);
}

/** What the reader makes of one crop: a number 0–99 or `null` (no number), and how sure it is. */
export interface DigitRead {
  number: number | null;
  /** Probability of this reading (length × each digit), 0–1. */
  confidence: number;
}

/**
 * A small convolutional reader trained on rendered shirt numbers (`number-reader/`: any kit,
 * typeface, outline, size, light): it says how many digits a crop of a number holds (none, one,
 * two) and which. A lab trial against the engine's PP-OCR recogniser, not used by the engine
 * (journal: tracking-numbers.md, "A jersey-number reader trained here").
 */
export class DigitReader {
  private constructor(private readonly session: ort.InferenceSession) {}

  static async create(): Promise<DigitReader> {
    const session = await ort.InferenceSession.create(DIGIT_READER_MODEL, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    });
    return new DigitReader(session);
  }

  /** Reads each crop (a number with a margin of shirt around it); one batch, one call. */
  async read(crops: readonly RgbFrame[]): Promise<DigitRead[]> {
    if (crops.length === 0) return [];
    const plane = SIZE * SIZE;
    const data = new Float32Array(crops.length * 3 * plane);
    crops.forEach((crop, n) => {
      const sized = resizeRgb(crop, SIZE, SIZE);
      const base = n * 3 * plane;
      for (let i = 0; i < plane; i++) {
        data[base + i] = sized.data[i * 3]! / 255;
        data[base + plane + i] = sized.data[i * 3 + 1]! / 255;
        data[base + 2 * plane + i] = sized.data[i * 3 + 2]! / 255;
      }
    });
    const input = new ort.Tensor('float32', data, [crops.length, 3, SIZE, SIZE]);
    const out = await this.session.run({ crop: input });
    const length = out.length!.data as Float32Array;
    const first = out.first!.data as Float32Array;
    const second = out.second!.data as Float32Array;
    const reads = crops.map((_, n) => decodeDigits(length, first, second, n));
    input.dispose();
    for (const tensor of Object.values(out)) tensor.dispose();
    return reads;
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}

function argmax(values: Float32Array, from: number, count: number): number {
  let best = 0;
  for (let i = 1; i < count; i++) if (values[from + i]! > values[from + best]!) best = i;
  return best;
}

/** The n-th crop's reading from the three heads' probabilities. */
export function decodeDigits(
  length: Float32Array,
  first: Float32Array,
  second: Float32Array,
  n: number,
): DigitRead {
  const digits = argmax(length, n * 3, 3);
  const d1 = argmax(first, n * 10, 10);
  const d2 = argmax(second, n * 10, 10);
  const pLength = length[n * 3 + digits]!;
  if (digits === 0) return { number: null, confidence: pLength };
  if (digits === 1) return { number: d1, confidence: pLength * first[n * 10 + d1]! };
  // a two-digit shirt number never starts with 0
  if (d1 === 0) return { number: null, confidence: 0 };
  return {
    number: d1 * 10 + d2,
    confidence: pLength * first[n * 10 + d1]! * second[n * 10 + d2]!,
  };
}
