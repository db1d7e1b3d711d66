import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GraphConstant, GraphNode } from './tfjs-graph-to-onnx.js';

/** One weight's entry in a TensorFlow.js weights manifest. */
export interface WeightSpec {
  name: string;
  shape: number[];
  dtype: string;
  /** Quantised storage: the stored type ('float16', 'uint8', …) and, for ints, scale and min. */
  quantization?: { dtype: string; scale?: number; min?: number };
}

/** A model's weights as stored: the manifest's entries in order and their bytes end to end. */
export interface StoredWeights {
  specs: WeightSpec[];
  data: Buffer;
}

/** A TensorFlow.js graph model as its files hold it. */
export interface GraphModelFiles {
  nodes: GraphNode[];
  weights: StoredWeights;
}

/** Bytes per value of a stored weight (quantised weights keep their stored type). */
function storedBytesPerValue(spec: WeightSpec): number {
  const dtype = spec.quantization?.dtype ?? spec.dtype;
  return dtype === 'uint8' || dtype === 'bool'
    ? 1
    : dtype === 'uint16' || dtype === 'float16'
      ? 2
      : 4;
}

/** Reads a TensorFlow.js graph model's `<name>.json` and its weight files from a folder. */
export async function readGraphModel(dir: string, name: string): Promise<GraphModelFiles> {
  const json = JSON.parse(await readFile(join(dir, `${name}.json`), 'utf8')) as {
    modelTopology: { node: GraphNode[] };
    weightsManifest: { paths: string[]; weights: WeightSpec[] }[];
  };
  const specs: WeightSpec[] = [];
  const buffers: Buffer[] = [];
  for (const group of json.weightsManifest) {
    specs.push(...group.weights);
    for (const path of group.paths) buffers.push(await readFile(join(dir, path)));
  }
  return { nodes: json.modelTopology.node, weights: { specs, data: Buffer.concat(buffers) } };
}

/** IEEE half-precision bits as a number. */
export function float16ToNumber(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const fraction = bits & 0x3ff;
  if (exponent === 0) return sign * 2 ** -14 * (fraction / 1024);
  if (exponent === 31) return fraction ? NaN : sign * Infinity;
  return sign * 2 ** (exponent - 15) * (1 + fraction / 1024);
}

/** The stored weights as plain values by name: floats (float16 and quantised ints widened) or int32. */
export function decodeWeights(weights: StoredWeights): Map<string, GraphConstant> {
  const out = new Map<string, GraphConstant>();
  const view = new DataView(weights.data.buffer, weights.data.byteOffset, weights.data.byteLength);
  let offset = 0;
  for (const spec of weights.specs) {
    const count = spec.shape.reduce((a, b) => a * b, 1);
    const bytes = storedBytesPerValue(spec);
    const q = spec.quantization;
    let values: Float32Array | Int32Array;
    if (spec.dtype === 'int32' && !q) {
      values = new Int32Array(count);
      for (let i = 0; i < count; i++) values[i] = view.getInt32(offset + i * 4, true);
    } else if (spec.dtype === 'float32') {
      values = new Float32Array(count);
      for (let i = 0; i < count; i++) {
        const at = offset + i * bytes;
        if (!q) values[i] = view.getFloat32(at, true);
        else if (q.dtype === 'float16') values[i] = float16ToNumber(view.getUint16(at, true));
        else if (q.dtype === 'uint8' || q.dtype === 'uint16') {
          const v = q.dtype === 'uint8' ? view.getUint8(at) : view.getUint16(at, true);
          values[i] = v * (q.scale ?? 1) + (q.min ?? 0);
        } else throw new Error(`Weight ${spec.name}: quantisation ${q.dtype} is not handled.`);
      }
    } else {
      throw new Error(`Weight ${spec.name}: type ${spec.dtype} is not handled.`);
    }
    out.set(spec.name, { shape: spec.shape, values });
    offset += count * bytes;
  }
  return out;
}
