import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import { suppressOverlaps } from './box-nms.js';
import { loadGraphModelFromDisk } from './load-graph-model.js';
import { humanModelsDir, tfjsWasmDir } from './model-paths.js';
import type { DetectOptions, PersonDetection, PersonFinder, RgbFrame } from './types.js';

const INPUT_SIZE = 512;
const PERSON_CLASS = 0;
const DEFAULT_MIN_SCORE = 0.2;

let backendReady: Promise<void> | null = null;

function ensureWasmBackend(): Promise<void> {
  backendReady ??= (async () => {
    setWasmPaths(tfjsWasmDir());
    await tf.setBackend('wasm');
    await tf.ready();
  })();
  return backendReady;
}

/**
 * CenterNet (MobileNetV3, COCO) person detector on the tfjs wasm backend, in the calling thread.
 * The graph takes 0–255 RGB at 512×512 and returns 100 rows of [x1, y1, x2, y2, score, class].
 */
export class CenterNetDetector implements PersonFinder {
  /** The frame's pixels as floats, reused (tfjs copies them into wasm memory at once). */
  private pixels = new Float32Array(0);

  private constructor(private readonly model: GraphModel) {}

  static async create(): Promise<CenterNetDetector> {
    await ensureWasmBackend();
    const model = await loadGraphModelFromDisk(humanModelsDir(), 'centernet');
    return new CenterNetDetector(model);
  }

  async detect(frame: RgbFrame, options: DetectOptions = {}): Promise<PersonDetection[]> {
    const minScore = options.minScore ?? DEFAULT_MIN_SCORE;
    const size = frame.width * frame.height * 3;
    if (this.pixels.length < size) this.pixels = new Float32Array(size);
    const values = this.pixels.subarray(0, size);
    values.set(frame.data);
    const output = tf.tidy(() => {
      const pixels = tf.tensor3d(values, [frame.height, frame.width, 3], 'float32');
      const resized = tf.image.resizeBilinear(pixels, [INPUT_SIZE, INPUT_SIZE]);
      return this.model.execute(tf.expandDims(resized, 0), 'tower_0/detections') as tf.Tensor;
    });
    const rows = (await output.data()) as Float32Array;
    output.dispose();
    const sx = frame.width / INPUT_SIZE;
    const sy = frame.height / INPUT_SIZE;
    const found: PersonDetection[] = [];
    for (let i = 0; i + 5 < rows.length; i += 6) {
      const score = rows[i + 4] ?? 0;
      if (rows[i + 5] !== PERSON_CLASS || score < minScore) continue;
      const x1 = Math.max(0, (rows[i] ?? 0) * sx);
      const y1 = Math.max(0, (rows[i + 1] ?? 0) * sy);
      const x2 = Math.min(frame.width, (rows[i + 2] ?? 0) * sx);
      const y2 = Math.min(frame.height, (rows[i + 3] ?? 0) * sy);
      if (x2 - x1 < 2 || y2 - y1 < 4) continue;
      found.push({ box: [x1, y1, x2 - x1, y2 - y1], score });
    }
    return suppressOverlaps(found, 0.6);
  }

  async close(): Promise<void> {
    this.model.dispose();
  }
}
