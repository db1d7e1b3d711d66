import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import { suppressOverlaps } from './box-nms.js';
import { decodeCentres, keepOneOutputChannel } from './centernet-head.js';
import { loadGraphModelFromDisk } from './load-graph-model.js';
import { humanModelsDir, tfjsWasmDir } from './model-paths.js';
import type { DetectOptions, PersonDetection, PersonFinder, RgbFrame } from './types.js';

const INPUT_SIZE = 512;
const PERSON_CLASS = 0;
const DEFAULT_MIN_SCORE = 0.2;
/** Names what the detector answers: stored answers (benchmark caches) of another version are stale. */
export const DETECTOR_VERSION = 'centernet-person-head';
/** Input pixels per heatmap cell. */
const STRIDE = 4;
/** The most people kept per input: the graph's own decoding keeps 100 centres of all classes. */
const MAX_PEOPLE = 100;

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
 * The graph takes 0–255 RGB at 512×512. Its class head is cut to the person class when loaded, and
 * the person heatmap and box distances are decoded here: the graph's own decoding ranks the peaks of
 * all 80 classes (a fifth of the model's time) and its 100 rows were half other classes' on game
 * film, which crowded out faint people.
 */
export class CenterNetDetector implements PersonFinder {
  /** The frame's pixels as floats, reused (tfjs copies them into wasm memory at once). */
  private pixels = new Float32Array(0);

  private constructor(private readonly model: GraphModel) {}

  static async create(): Promise<CenterNetDetector> {
    await ensureWasmBackend();
    const model = await loadGraphModelFromDisk(humanModelsDir(), 'centernet', (weights) =>
      keepOneOutputChannel(
        weights,
        'CenternetHead/centernet_cls_output/pointwise_weights',
        'CenternetHead/centernet_cls_output/biases',
        PERSON_CLASS,
      ),
    );
    return new CenterNetDetector(model);
  }

  async detect(frame: RgbFrame, options: DetectOptions = {}): Promise<PersonDetection[]> {
    const minScore = options.minScore ?? DEFAULT_MIN_SCORE;
    const size = frame.width * frame.height * 3;
    if (this.pixels.length < size) this.pixels = new Float32Array(size);
    const values = this.pixels.subarray(0, size);
    values.set(frame.data);
    const [heat, distances] = tf.tidy(() => {
      const pixels = tf.tensor3d(values, [frame.height, frame.width, 3], 'float32');
      const resized = tf.image.resizeBilinear(pixels, [INPUT_SIZE, INPUT_SIZE]);
      return this.model.execute(tf.expandDims(resized, 0), [
        'tower_0/keypoints',
        'tower_0/wh',
      ]) as tf.Tensor[];
    });
    const grid = INPUT_SIZE / STRIDE;
    const centres = decodeCentres(
      (await heat!.data()) as Float32Array,
      (await distances!.data()) as Float32Array,
      grid,
      grid,
      STRIDE,
      minScore,
      MAX_PEOPLE,
    );
    tf.dispose([heat!, distances!]);
    const sx = frame.width / INPUT_SIZE;
    const sy = frame.height / INPUT_SIZE;
    const found: PersonDetection[] = [];
    for (const { box, score } of centres) {
      const x1 = Math.max(0, box[0] * sx);
      const y1 = Math.max(0, box[1] * sy);
      const x2 = Math.min(frame.width, box[2] * sx);
      const y2 = Math.min(frame.height, box[3] * sy);
      if (x2 - x1 < 2 || y2 - y1 < 4) continue;
      found.push({ box: [x1, y1, x2 - x1, y2 - y1], score });
    }
    return suppressOverlaps(found, 0.6);
  }

  async close(): Promise<void> {
    this.model.dispose();
  }
}
