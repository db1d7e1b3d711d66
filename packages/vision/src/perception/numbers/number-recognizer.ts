import { readFile } from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import type { RgbFrame } from '../detector/types.js';
import { decodeDigitsCtc } from './ctc-digits.js';
import { normaliseLightness, resizeRgb } from './rgb-resize.js';
import { recognitionKeysPath, recognitionModelPath } from './ocr-model-paths.js';
import { readImageRgb } from '../detector/read-image.js';

const INPUT_HEIGHT = 48;
const MIN_WIDTH = 48;
const MAX_WIDTH = 320;

/** One read of one crop: the digits seen and how sure the recogniser was. */
export interface NumberRead {
  /** The digits read, '' when none. */
  text: string;
  /** Mean per-digit probability, 0–1. */
  confidence: number;
  minConfidence: number;
}

export interface RecognizeOptions {
  /** Stretch contrast to the full range before recognition. */
  normalise?: boolean;
  /** Horizontal stretch before recognition: jersey digits are taller and narrower than the text it learnt. */
  stretch?: number;
}

/**
 * PP-OCRv4 text recognition (ONNX, onnxruntime-node on CPU) decoded to digits only.
 * Input is a crop of a number or a torso band; there is no text detection stage (tight crops defeat it).
 */
export class NumberRecognizer {
  private constructor(
    private readonly session: ort.InferenceSession,
    private readonly digitClasses: number[],
  ) {}

  static async create(): Promise<NumberRecognizer> {
    const keys = (await readFile(recognitionKeysPath(), 'utf8')).split('\n');
    const digitClasses = Array.from({ length: 10 }, (_, d) => keys.indexOf(String(d)) + 1);
    if (digitClasses.some((c) => c <= 0)) throw new Error('The OCR character list lacks digits.');
    const session = await ort.InferenceSession.create(recognitionModelPath(), {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
      // input shapes change with every crop: a memory pattern per shape only piles up
      enableMemPattern: false,
    });
    return new NumberRecognizer(session, digitClasses);
  }

  /** Reads the digits in an encoded image file (JPEG, PNG, …). */
  async readFile(path: string, options: RecognizeOptions = {}): Promise<NumberRead> {
    return this.read(await readImageRgb(path), options);
  }

  /** Reads the digits in an RGB crop. */
  async read(crop: RgbFrame, options: RecognizeOptions = {}): Promise<NumberRead> {
    const input = this.toInput(crop, options);
    const result = await this.session.run({ [this.session.inputNames[0] ?? 'x']: input.tensor });
    const output = result[this.session.outputNames[0] ?? ''];
    if (!output) throw new Error('The OCR model returned no output.');
    const [, steps = 0, classes = 0] = output.dims;
    return decodeDigitsCtc(output.data as Float32Array, steps, classes, this.digitClasses);
  }

  /** The crop as the model's input: 48 px high, BGR planes of 0–1 (PaddleOCR's recogniser). */
  private toInput(crop: RgbFrame, options: RecognizeOptions): { tensor: ort.Tensor } {
    const width = Math.min(
      MAX_WIDTH,
      Math.max(
        MIN_WIDTH,
        Math.round((crop.width * (options.stretch ?? 1) * INPUT_HEIGHT) / crop.height),
      ),
    );
    // contrast is stretched after resizing, as sharp's pipeline did when the reader was tuned
    const resized = resizeRgb(crop, width, INPUT_HEIGHT);
    const sized = options.normalise ? normaliseLightness(resized) : resized;
    const plane = width * INPUT_HEIGHT;
    const data = new Float32Array(3 * plane);
    for (let i = 0; i < plane; i++) {
      data[i] = sized.data[i * 3 + 2]! / 255;
      data[plane + i] = sized.data[i * 3 + 1]! / 255;
      data[2 * plane + i] = sized.data[i * 3]! / 255;
    }
    return { tensor: new ort.Tensor('float32', data, [1, 3, INPUT_HEIGHT, width]) };
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}
