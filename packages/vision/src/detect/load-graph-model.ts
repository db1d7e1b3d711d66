import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';

interface ModelJson {
  modelTopology: object;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: object;
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
}

/** A model's weights as stored: the manifest's entries in order and their bytes end to end. */
export interface StoredWeights {
  specs: tf.io.WeightsManifestEntry[];
  data: Buffer<ArrayBuffer>;
}

/** Bytes per value of a stored weight (quantised weights keep their stored type). */
export function storedBytesPerValue(spec: tf.io.WeightsManifestEntry): number {
  const dtype = spec.quantization?.dtype ?? spec.dtype;
  return dtype === 'uint8' || dtype === 'bool'
    ? 1
    : dtype === 'uint16' || dtype === 'float16'
      ? 2
      : 4;
}

/**
 * Loads a TFJS graph model from a local folder without fetch or file:// (a custom IO handler).
 * `edit` may change the weights before the model is built (say, cut a head down to the outputs used).
 */
export async function loadGraphModelFromDisk(
  dir: string,
  name: string,
  edit?: (weights: StoredWeights) => StoredWeights,
): Promise<GraphModel> {
  const json = JSON.parse(await readFile(join(dir, `${name}.json`), 'utf8')) as ModelJson;
  const weightSpecs: tf.io.WeightsManifestEntry[] = [];
  const buffers: Buffer[] = [];
  for (const group of json.weightsManifest) {
    weightSpecs.push(...group.weights);
    for (const path of group.paths) buffers.push(await readFile(join(dir, path)));
  }
  const stored = { specs: weightSpecs, data: Buffer.concat(buffers) };
  const { specs, data: all } = edit ? edit(stored) : stored;
  const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength);
  const handler: tf.io.IOHandler = {
    load: async () => ({
      modelTopology: json.modelTopology,
      format: json.format,
      generatedBy: json.generatedBy,
      convertedBy: json.convertedBy ?? null,
      signature: json.signature,
      weightSpecs: specs,
      weightData,
    }),
  };
  return loadGraphModel(handler);
}
