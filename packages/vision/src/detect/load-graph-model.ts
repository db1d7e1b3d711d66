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

/** Loads a TFJS graph model from a local folder without fetch or file:// (a custom IO handler). */
export async function loadGraphModelFromDisk(dir: string, name: string): Promise<GraphModel> {
  const json = JSON.parse(await readFile(join(dir, `${name}.json`), 'utf8')) as ModelJson;
  const weightSpecs: tf.io.WeightsManifestEntry[] = [];
  const buffers: Buffer[] = [];
  for (const group of json.weightsManifest) {
    weightSpecs.push(...group.weights);
    for (const path of group.paths) buffers.push(await readFile(join(dir, path)));
  }
  const all = Buffer.concat(buffers);
  const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength);
  const handler: tf.io.IOHandler = {
    load: async () => ({
      modelTopology: json.modelTopology,
      format: json.format,
      generatedBy: json.generatedBy,
      convertedBy: json.convertedBy ?? null,
      signature: json.signature,
      weightSpecs,
      weightData,
    }),
  };
  return loadGraphModel(handler);
}
