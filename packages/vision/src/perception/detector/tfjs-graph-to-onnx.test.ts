import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { decodeWeights, float16ToNumber } from './graph-model-files.js';
import { tfjsGraphToOnnx, type GraphConstant, type GraphNode } from './tfjs-graph-to-onnx.js';

const b64 = (s: string): string => Buffer.from(s).toString('base64');
const ints = (...v: number[]): { list: { i: string[] } } => ({ list: { i: v.map(String) } });

/** A 1×1 convolution `conv` of `x` by `w` plus `bias`, stride 1, with `activation` fused after it. */
const fusedConv = (activation: 'Relu' | 'Relu6'): GraphNode => ({
  name: 'conv',
  op: '_FusedConv2D',
  input: ['x', 'w', 'bias'],
  attr: {
    strides: ints(1, 1, 1, 1),
    dilations: ints(1, 1, 1, 1),
    padding: { s: b64('VALID') },
    fused_ops: { list: { s: [b64('BiasAdd'), b64(activation)] } },
  },
});

describe('TensorFlow.js graph to ONNX', () => {
  it('computes a fused convolution, ReLU6 and a per-channel product as TensorFlow defines them', async () => {
    // y = 2 * relu6(relu(x0 - x1 + 0.5)) on a 2×2 picture of two channels (NHWC)
    const nodes: GraphNode[] = [
      { name: 'x', op: 'Placeholder' },
      { name: 'w', op: 'Const' },
      { name: 'bias', op: 'Const' },
      { name: 'two', op: 'Const' },
      fusedConv('Relu'),
      { name: 'clip', op: 'Relu6', input: ['conv'] },
      { name: 'y', op: 'Mul', input: ['clip', 'two'] },
    ];
    const constants = new Map<string, GraphConstant>([
      ['w', { shape: [1, 1, 2, 1], values: Float32Array.of(1, -1) }],
      ['bias', { shape: [1], values: Float32Array.of(0.5) }],
      ['two', { shape: [], values: Float32Array.of(2) }],
    ]);
    const onnx = tfjsGraphToOnnx(nodes, constants, {
      input: 'x',
      inputShape: [2, 2, 2],
      outputs: ['y'],
    });
    const session = await ort.InferenceSession.create(onnx);
    try {
      // pixels (x0, x1): (3, 1), (1, 3), (10, 0), (0.25, 0)
      const pixels = Float32Array.of(3, 1, 1, 3, 10, 0, 0.25, 0);
      const out = await session.run({ pixels: new ort.Tensor('float32', pixels, [1, 2, 2, 2]) });
      const y = out['y:nhwc']!;
      expect(y.dims).toEqual([1, 2, 2, 1]);
      expect(Array.from(y.data as Float32Array)).toEqual([5, 0, 12, 1.5]);
    } finally {
      await session.release();
    }
  });

  it('computes a ReLU6 fused into a convolution, AddV2 and a half-pixel upsampling as TensorFlow does', async () => {
    // y = upsample×2(relu6(x + x - 4)) + 1, half-pixel centres, on a 1×2 picture of one channel
    const nodes: GraphNode[] = [
      { name: 'x', op: 'Placeholder' },
      { name: 'w', op: 'Const' },
      { name: 'bias', op: 'Const' },
      { name: 'size', op: 'Const' },
      { name: 'one', op: 'Const' },
      fusedConv('Relu6'),
      {
        name: 'up',
        op: 'ResizeBilinear',
        input: ['conv', 'size'],
        attr: { half_pixel_centers: { b: true }, align_corners: { b: false } },
      },
      { name: 'y', op: 'AddV2', input: ['up', 'one'] },
    ];
    const constants = new Map<string, GraphConstant>([
      ['w', { shape: [1, 1, 1, 1], values: Float32Array.of(2) }],
      ['bias', { shape: [1], values: Float32Array.of(-4) }],
      ['size', { shape: [2], values: Int32Array.of(2, 4) }],
      ['one', { shape: [], values: Float32Array.of(1) }],
    ]);
    const onnx = tfjsGraphToOnnx(nodes, constants, {
      input: 'x',
      inputShape: [1, 2, 1],
      outputs: ['y'],
    });
    const session = await ort.InferenceSession.create(onnx);
    try {
      // x = (3, 9): relu6(2x - 4) = (2, 6); half-pixel upsampling of (2, 6) to 4 = 2, 3, 5, 6
      const out = await session.run({
        pixels: new ort.Tensor('float32', Float32Array.of(3, 9), [1, 1, 2, 1]),
      });
      const y = out['y:nhwc']!;
      expect(y.dims).toEqual([1, 2, 4, 1]);
      expect(Array.from(y.data as Float32Array)).toEqual([3, 4, 6, 7, 3, 4, 6, 7]);
    } finally {
      await session.release();
    }
  });

  it('refuses an op it does not know instead of computing something else', () => {
    const nodes: GraphNode[] = [
      { name: 'x', op: 'Placeholder' },
      { name: 'y', op: 'Softmax', input: ['x'] },
    ];
    expect(() =>
      tfjsGraphToOnnx(nodes, new Map(), { input: 'x', inputShape: [2, 2, 2], outputs: ['y'] }),
    ).toThrow(/Op Softmax \(y\) is not handled/);
  });

  it('reads half-precision and plain weights as stored', () => {
    expect([0x3c00, 0xc000, 0x3800, 0x7bff, 0x0001].map(float16ToNumber)).toEqual([
      1,
      -2,
      0.5,
      65504,
      2 ** -24,
    ]);
    const data = Buffer.alloc(2 * 2 + 4);
    data.writeUInt16LE(0x3c00, 0);
    data.writeUInt16LE(0x3800, 2);
    data.writeInt32LE(-7, 4);
    const weights = decodeWeights({
      specs: [
        { name: 'half', shape: [2], dtype: 'float32', quantization: { dtype: 'float16' } },
        { name: 'index', shape: [1], dtype: 'int32' },
      ],
      data,
    });
    expect(Array.from(weights.get('half')!.values)).toEqual([1, 0.5]);
    expect(Array.from(weights.get('index')!.values)).toEqual([-7]);
  });
});
