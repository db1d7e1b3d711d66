import type { GraphConstant } from './tfjs-graph-to-onnx.js';

/**
 * Cuts a 1×1 convolution (kernel [1, 1, in, out] and bias [out]) down to one output channel:
 * the class head of a detector asked for one class. Every other constant is left as it is.
 */
export function keepOneOutputChannel(
  constants: ReadonlyMap<string, GraphConstant>,
  kernelName: string,
  biasName: string,
  channel: number,
): Map<string, GraphConstant> {
  const kernel = constants.get(kernelName);
  const bias = constants.get(biasName);
  if (!kernel || !bias) throw new Error(`The model has no ${kernelName} and ${biasName} to cut.`);
  const [kh = 0, kw = 0, inputs = 0, outputs = 0] = kernel.shape;
  if (kh !== 1 || kw !== 1 || channel >= outputs)
    throw new Error(`${kernelName} is not a 1×1 kernel with channel ${channel}.`);
  const kept = Float32Array.from(
    { length: inputs },
    (_, c) => kernel.values[c * outputs + channel]!,
  );
  return new Map(constants)
    .set(kernelName, { shape: [1, 1, inputs, 1], values: kept })
    .set(biasName, { shape: [1], values: Float32Array.of(bias.values[channel]!) });
}

/** A centre found on the heatmap: its box [x1, y1, x2, y2] in input pixels and its score. */
export interface Centre {
  box: [number, number, number, number];
  score: number;
}

/**
 * CenterNet's decoding for one class: heatmap peaks (a cell no 3×3 neighbour exceeds) scoring at
 * least `minScore`, surest first, at most `maxCount`; each cell's four distances (left, top,
 * right, bottom, in input pixels) give its box around the cell's centre `stride` pixels apart.
 */
export function decodeCentres(
  heat: Float32Array,
  distances: Float32Array,
  gridWidth: number,
  gridHeight: number,
  stride: number,
  minScore: number,
  maxCount: number,
): Centre[] {
  const centres: Centre[] = [];
  for (let y = 0; y < gridHeight; y++) {
    for (let x = 0; x < gridWidth; x++) {
      const score = heat[y * gridWidth + x] ?? 0;
      if (score < minScore || !isPeak(heat, gridWidth, gridHeight, x, y, score)) continue;
      const d = (y * gridWidth + x) * 4;
      const cx = x * stride;
      const cy = y * stride;
      centres.push({
        box: [
          cx - (distances[d] ?? 0),
          cy - (distances[d + 1] ?? 0),
          cx + (distances[d + 2] ?? 0),
          cy + (distances[d + 3] ?? 0),
        ],
        score,
      });
    }
  }
  // ties keep grid order (rows, then columns): the result never depends on the sort's internals
  return centres.sort((a, b) => b.score - a.score).slice(0, maxCount);
}

function isPeak(
  heat: Float32Array,
  w: number,
  h: number,
  x: number,
  y: number,
  v: number,
): boolean {
  for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++) {
    for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) {
      if ((heat[yy * w + xx] ?? 0) > v) return false;
    }
  }
  return true;
}
