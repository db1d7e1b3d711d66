import { readFile } from 'node:fs/promises';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import type { RgbFrame } from '../detect/types.js';
import { decodeDigitsCtc } from './ctc-digits.js';
import { recognitionKeysPath, recognitionModelPath } from './ocr-model-paths.js';
import { readImageRgb } from '../detect/read-image.js';

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
  /** Fraction of the crop's width added as a border of the crop's edge colour (helps tight crops). */
  pad?: number;
  /** Stretch contrast to the full range before recognition. */
  normalise?: boolean;
  /** Scale pixels to -1..1 (PaddleOCR's training normalisation) instead of 0..1. */
  centred?: boolean;
  /** Feed RGB planes instead of BGR. */
  rgb?: boolean;
  /** Right-pad the input to this width with the background value (PaddleOCR pads to 320). */
  padToWidth?: number;
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
    const input = await this.toInput(crop, options);
    const result = await this.session.run({ [this.session.inputNames[0] ?? 'x']: input.tensor });
    const output = result[this.session.outputNames[0] ?? ''];
    if (!output) throw new Error('The OCR model returned no output.');
    const [, steps = 0, classes = 0] = output.dims;
    return decodeDigitsCtc(output.data as Float32Array, steps, classes, this.digitClasses);
  }

  private async toInput(
    crop: RgbFrame,
    options: RecognizeOptions,
  ): Promise<{ tensor: ort.Tensor }> {
    let image = sharp(crop.data, { raw: { width: crop.width, height: crop.height, channels: 3 } });
    const pad = options.pad ?? 0;
    if (pad > 0) {
      const px = Math.round(crop.width * pad);
      image = sharp(
        await image
          .extend({ left: px, right: px, top: 0, bottom: 0, extendWith: 'copy' })
          .raw()
          .toBuffer(),
        {
          raw: { width: crop.width + 2 * px, height: crop.height, channels: 3 },
        },
      );
    }
    if (options.normalise) image = image.normalise();
    const srcWidth = crop.width + 2 * Math.round(crop.width * pad);
    const stretch = options.stretch ?? 1;
    const width = Math.min(
      MAX_WIDTH,
      Math.max(MIN_WIDTH, Math.round((srcWidth * stretch * INPUT_HEIGHT) / crop.height)),
    );
    const resized = await image
      .resize(width, INPUT_HEIGHT, { fit: 'fill', kernel: 'cubic' })
      .raw()
      .toBuffer();
    const fullWidth = Math.max(width, options.padToWidth ?? 0);
    const plane = fullWidth * INPUT_HEIGHT;
    const data = new Float32Array(3 * plane);
    const scale = (v: number): number => (options.centred ? (v / 255 - 0.5) / 0.5 : v / 255);
    const [c0, c2] = options.rgb ? [0, 2] : [2, 0];
    for (let y = 0; y < INPUT_HEIGHT; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * fullWidth + x;
        const s = (y * width + x) * 3;
        data[i] = scale(resized[s + c0] ?? 0);
        data[plane + i] = scale(resized[s + 1] ?? 0);
        data[2 * plane + i] = scale(resized[s + c2] ?? 0);
      }
    }
    return { tensor: new ort.Tensor('float32', data, [1, 3, INPUT_HEIGHT, fullWidth]) };
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}
