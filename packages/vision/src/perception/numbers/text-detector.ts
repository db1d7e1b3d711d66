import * as ort from 'onnxruntime-node';
import type { Box, RgbFrame } from '../detector/types.js';
import { detectionModelPath } from './ocr-model-paths.js';

/** One text region the detector found: a box in the input image's pixels and its mean probability. */
export interface TextBox {
  box: Box;
  score: number;
}

export interface TextDetectOptions {
  /** Pixels whose text probability is above this belong to text (PaddleOCR's default 0.3). */
  threshold?: number;
  /** Regions whose mean probability is below this are dropped (PaddleOCR's default 0.6). */
  minScore?: number;
}

const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];
/** The model's input value of each 8-bit level, per input channel (`NORMALISED[c * 256 + v]`). */
const NORMALISED = Float32Array.from({ length: 3 * 256 }, (_, k) => {
  const c = Math.floor(k / 256);
  return ((k % 256) / 255 - MEAN[c]!) / STD[c]!;
});

/**
 * PP-OCRv4 text detection (DB, ONNX on CPU): where text sits in an image. The input is padded to a
 * multiple of 32 on each side; the output is a probability map the size of the input, turned into
 * axis-aligned boxes (connected regions above the threshold, grown as DB's "unclip" grows them).
 * Jersey numbers are upright enough that rotated boxes add nothing.
 */
export class TextDetector {
  private constructor(private readonly session: ort.InferenceSession) {}

  static async create(): Promise<TextDetector> {
    const session = await ort.InferenceSession.create(detectionModelPath(), {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
      // input shapes change with every crop: a memory pattern per shape only piles up
      enableMemPattern: false,
    });
    return new TextDetector(session);
  }

  /** Text boxes in an RGB image (best kept at most ~640 px a side: cost grows with the area). */
  async detect(image: RgbFrame, options: TextDetectOptions = {}): Promise<TextBox[]> {
    const threshold = options.threshold ?? 0.3;
    const minScore = options.minScore ?? 0.6;
    const w = Math.max(32, Math.ceil(image.width / 32) * 32);
    const h = Math.max(32, Math.ceil(image.height / 32) * 32);
    const plane = w * h;
    const data = new Float32Array(3 * plane);
    // PaddleOCR normalises BGR pixels with ImageNet's RGB statistics in channel order; padding is 0
    const pixels = image.data;
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        const s = (y * image.width + x) * 3;
        const i = y * w + x;
        data[i] = NORMALISED[pixels[s + 2]!]!;
        data[plane + i] = NORMALISED[256 + pixels[s + 1]!]!;
        data[2 * plane + i] = NORMALISED[512 + pixels[s]!]!;
      }
    }
    const input = new ort.Tensor('float32', data, [1, 3, h, w]);
    const result = await this.session.run({ [this.session.inputNames[0] ?? 'x']: input });
    const output = result[this.session.outputNames[0] ?? ''];
    if (!output) throw new Error('The text detection model returned no output.');
    const map = output.data as Float32Array;
    return boxesFromMap(map, w, h, image.width, image.height, threshold, minScore);
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}

/** Connected regions (4-neighbour) of the probability map above `threshold`, as grown boxes. */
export function boxesFromMap(
  map: Float32Array,
  mapWidth: number,
  mapHeight: number,
  width: number,
  height: number,
  threshold: number,
  minScore: number,
): TextBox[] {
  const label = new Int32Array(mapWidth * mapHeight).fill(-1);
  const boxes: TextBox[] = [];
  const stack: number[] = [];
  for (let start = 0; start < mapWidth * mapHeight; start++) {
    if (label[start] !== -1 || (map[start] ?? 0) <= threshold) continue;
    let x0 = mapWidth;
    let y0 = mapHeight;
    let x1 = -1;
    let y1 = -1;
    let sum = 0;
    let n = 0;
    label[start] = boxes.length;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop()!;
      const x = p % mapWidth;
      const y = (p - x) / mapWidth;
      sum += map[p] ?? 0;
      n++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      const next = [x > 0 ? p - 1 : -1, x < mapWidth - 1 ? p + 1 : -1, p - mapWidth, p + mapWidth];
      for (const q of next) {
        if (q < 0 || q >= mapWidth * mapHeight || label[q] !== -1) continue;
        if ((map[q] ?? 0) <= threshold) continue;
        label[q] = boxes.length;
        stack.push(q);
      }
    }
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    const score = sum / n;
    // the region is the shrunk text kernel: DB grows it back by area * 1.5 / perimeter
    const grow = (bw * bh * 1.5) / (2 * (bw + bh));
    const gx0 = Math.max(0, Math.floor(x0 - grow));
    const gy0 = Math.max(0, Math.floor(y0 - grow));
    const gx1 = Math.min(width, Math.ceil(x1 + 1 + grow));
    const gy1 = Math.min(height, Math.ceil(y1 + 1 + grow));
    boxes.push({ box: [gx0, gy0, Math.max(0, gx1 - gx0), Math.max(0, gy1 - gy0)], score });
  }
  return boxes.filter((b) => b.score >= minScore && b.box[2] >= 3 && b.box[3] >= 3);
}
