import { storedBytesPerValue, type StoredWeights } from './graph-model-files.js';

/**
 * Cuts a 1×1 convolution (kernel [1, 1, in, out] and bias [out]) down to one output channel:
 * the class head of a detector asked for one class. Every other weight is left as stored.
 */
export function keepOneOutputChannel(
  weights: StoredWeights,
  kernelName: string,
  biasName: string,
  channel: number,
): StoredWeights {
  const parts: Buffer<ArrayBuffer>[] = [];
  const specs = weights.specs.map((spec) => ({ ...spec, shape: [...spec.shape] }));
  let offset = 0;
  let cut = 0;
  for (const spec of specs) {
    if (spec.dtype === 'string') throw new Error(`Weight ${spec.name} is text: cannot be edited.`);
    const bytes = storedBytesPerValue(spec);
    const count = spec.shape.reduce((a, b) => a * b, 1);
    const stored = weights.data.subarray(offset, offset + count * bytes);
    offset += count * bytes;
    if (spec.name === kernelName) {
      const [kh = 0, kw = 0, inputs = 0, outputs = 0] = spec.shape;
      if (kh !== 1 || kw !== 1 || channel >= outputs)
        throw new Error(`${kernelName} is not a 1×1 kernel with channel ${channel}.`);
      const kept = Buffer.alloc(inputs * bytes);
      for (let c = 0; c < inputs; c++) {
        stored.copy(
          kept,
          c * bytes,
          (c * outputs + channel) * bytes,
          (c * outputs + channel + 1) * bytes,
        );
      }
      spec.shape = [1, 1, inputs, 1];
      parts.push(kept);
      cut++;
    } else if (spec.name === biasName) {
      spec.shape = [1];
      parts.push(Buffer.from(stored.subarray(channel * bytes, (channel + 1) * bytes)));
      cut++;
    } else {
      parts.push(stored);
    }
  }
  if (cut !== 2) throw new Error(`The model has no ${kernelName} and ${biasName} to cut.`);
  return { specs, data: Buffer.concat(parts) };
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
