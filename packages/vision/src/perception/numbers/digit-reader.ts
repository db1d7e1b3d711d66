import * as ort from 'onnxruntime-node';
import type { RgbFrame } from '../detector/types.js';
import { resizeRgb } from './rgb-resize.js';

/** The reader's input side: crops are stretched to this square with the engine's own resize. */
const SIZE = 32;

/**
 * What the reader makes of one crop: for every printed number ('' for none, '7', '00', '23') how
 * likely it is. A number is what is printed, so '0' (one digit) and '00' (two) are different.
 */
export class DigitReading {
  constructor(
    /** P(none), P(one digit), P(two digits). */
    private readonly length: Float32Array,
    private readonly first: Float32Array,
    private readonly second: Float32Array,
  ) {}

  probabilityOf(text: string): number {
    if (text === '') return this.length[0]!;
    const d1 = text.charCodeAt(0) - 48;
    if (text.length === 1) return this.length[1]! * this.first[d1]!;
    return this.length[2]! * this.first[d1]! * this.second[text.charCodeAt(1) - 48]!;
  }

  /** The likeliest printed number ('' when none), of those a shirt carries. */
  best(): { text: string; probability: number } {
    let best = { text: '', probability: this.length[0]! };
    for (const text of PRINTED_NUMBERS) {
      const probability = this.probabilityOf(text);
      if (probability > best.probability) best = { text, probability };
    }
    return best;
  }
}

/** Every number a shirt may carry: 0–9, 00, 10–99 (a leading zero only in '00'). */
export const PRINTED_NUMBERS: readonly string[] = [
  ...Array.from({ length: 10 }, (_, d) => String(d)),
  '00',
  ...Array.from({ length: 90 }, (_, n) => String(n + 10)),
];

/**
 * A small convolutional reader of shirt numbers (32 x 32 RGB in; three heads: how many digits, the
 * first, the second), trained on labelled real crops of soccer and basketball shirts and on rendered
 * ones (lab: `number-reader/`). It reads a text-box crop in about a millisecond, beside PP-OCR.
 */
export class DigitReader {
  private constructor(private readonly session: ort.InferenceSession) {}

  static async create(modelPath: string): Promise<DigitReader> {
    const session = await ort.InferenceSession.create(modelPath, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    });
    return new DigitReader(session);
  }

  /** Reads each crop (a number with a margin of shirt around it), all in one call. */
  async read(crops: readonly RgbFrame[]): Promise<DigitReading[]> {
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
    const readings = crops.map(
      (_, n) =>
        new DigitReading(
          length.slice(n * 3, n * 3 + 3),
          first.slice(n * 10, n * 10 + 10),
          second.slice(n * 10, n * 10 + 10),
        ),
    );
    input.dispose();
    for (const tensor of Object.values(out)) tensor.dispose();
    return readings;
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}
