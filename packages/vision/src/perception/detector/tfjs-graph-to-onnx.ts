import { model, node, tensor, valueInfo, type Message } from './onnx-writer.js';

/** A node of a TensorFlow.js graph model's topology (as in model.json). */
export interface GraphNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<
    string,
    { s?: string; i?: string; b?: boolean; list?: { i?: string[]; s?: string[] } }
  >;
}

/** A constant of the graph, dequantised. */
export interface GraphConstant {
  shape: number[];
  values: Float32Array | Int32Array;
}

const OPSET = 13;

function text(base64: string | undefined): string {
  return base64 ? Buffer.from(base64, 'base64').toString() : '';
}

function transposed(c: GraphConstant, order: readonly number[]): GraphConstant {
  const shape = order.map((k) => c.shape[k]!);
  const strides = c.shape.map((_, k) => c.shape.slice(k + 1).reduce((a, b) => a * b, 1));
  const out = new Float32Array(c.values.length);
  const index = new Array<number>(shape.length).fill(0);
  for (let o = 0; o < out.length; o++) {
    let from = 0;
    for (let k = 0; k < shape.length; k++) from += index[k]! * strides[order[k]!]!;
    out[o] = c.values[from]!;
    for (let k = shape.length - 1; k >= 0; k--) {
      if (++index[k]! < shape[k]!) break;
      index[k] = 0;
    }
  }
  return { shape, values: out };
}

/**
 * Converts a TensorFlow.js graph of NHWC convolutions (a MobileNet-style detector: convolutions
 * with fused bias and ReLU or ReLU6, depthwise convolutions, hard-swish arithmetic, squeeze-excite
 * means, bilinear upsampling, concatenation, sigmoid) into an ONNX model in NCHW that onnxruntime
 * runs.
 * The ONNX input takes float NHWC pixels of any size and resizes them to the graph's input size
 * as `tf.image.resizeBilinear` does; each output is given back in NHWC. Throws on an op it does
 * not know, so a different graph fails loudly rather than computing something else.
 */
export function tfjsGraphToOnnx(
  nodes: readonly GraphNode[],
  constants: ReadonlyMap<string, GraphConstant>,
  options: {
    input: string;
    /** The graph input's height, width and channels (NHWC). */
    inputShape: [number, number, number];
    outputs: readonly string[];
  },
): Uint8Array {
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const onnxNodes: Message[] = [];
  const initialisers: Message[] = [];
  /** Graph nodes converted so far, and the constants written. */
  const made = new Set<string>();
  const written = new Set<string>();
  const constant = (
    name: string,
    dims: readonly number[],
    values: Float32Array | BigInt64Array,
  ): string => {
    if (!written.has(name)) {
      written.add(name);
      initialisers.push(tensor(name, dims, values));
    }
    return name;
  };
  const graphConstant = (name: string): GraphConstant => {
    const c = constants.get(name);
    if (!c) throw new Error(`The graph has no constant ${name}.`);
    return c;
  };
  /** An NHWC per-channel (or scalar) constant as an NCHW-broadcastable one. */
  const elementwiseConstant = (name: string): string => {
    const c = graphConstant(name);
    const dims = c.shape.length === 0 ? [] : c.shape.length === 1 ? [c.shape[0]!, 1, 1] : null;
    if (!dims)
      throw new Error(`Constant ${name} of shape ${c.shape.join('×')} is not per channel.`);
    return constant(`${name}:nchw`, dims, Float32Array.from(c.values));
  };
  const isConstant = (name: string): boolean => byName.get(name)?.op === 'Const';
  const attr = (n: GraphNode, key: string): NonNullable<GraphNode['attr']>[string] | undefined =>
    n.attr?.[key];
  const convAttributes = (
    n: GraphNode,
    kernel: readonly number[],
  ): Record<string, string | number[]> => {
    const strides = (attr(n, 'strides')?.list?.i ?? ['1', '1', '1', '1']).map(Number);
    const dilations = (attr(n, 'dilations')?.list?.i ?? ['1', '1', '1', '1']).map(Number);
    const padding = text(attr(n, 'padding')?.s);
    return {
      kernel_shape: [kernel[0]!, kernel[1]!],
      strides: [strides[1]!, strides[2]!],
      dilations: [dilations[1]!, dilations[2]!],
      auto_pad: padding === 'SAME' ? 'SAME_UPPER' : 'VALID',
    };
  };
  /** The activation fused after a convolution's bias, if any (ReLU or ReLU6 are handled). */
  const fusedActivation = (n: GraphNode): 'Relu' | 'Relu6' | null => {
    const fused = (attr(n, 'fused_ops')?.list?.s ?? []).map(text);
    const extra = fused.filter((f) => f !== 'BiasAdd');
    if (extra.length > 1 || (extra.length === 1 && extra[0] !== 'Relu' && extra[0] !== 'Relu6'))
      throw new Error(`Fused ops ${fused.join(', ')} of ${n.name} are not handled.`);
    return (extra[0] as 'Relu' | 'Relu6' | undefined) ?? null;
  };
  const relu6 = (from: string, to: string): Message =>
    node(
      'Clip',
      [from, constant('zero', [], Float32Array.of(0)), constant('six', [], Float32Array.of(6))],
      [to],
    );

  const convert = (name: string): void => {
    if (made.has(name)) return;
    const n = byName.get(name);
    if (!n) throw new Error(`The graph has no node ${name}.`);
    made.add(name);
    const inputs = (n.input ?? []).filter((i) => !i.startsWith('^'));
    for (const i of inputs) if (!isConstant(i) && i !== options.input) convert(i);
    const [a = '', b = ''] = inputs;
    switch (n.op) {
      case 'Identity':
        onnxNodes.push(node('Identity', [a], [name]));
        return;
      case '_FusedConv2D':
      case 'Conv2D':
      case 'FusedDepthwiseConv2dNative':
      case 'DepthwiseConv2dNative': {
        const depthwise = n.op.includes('Depthwise');
        const w = graphConstant(b);
        // TF keeps HWIO (depthwise: HW, channels, multiplier 1); ONNX wants OIHW (depthwise: C, 1, H, W)
        if (depthwise && w.shape[3] !== 1)
          throw new Error(`${n.name}: depthwise multiplier ${w.shape[3]}.`);
        const kernel = depthwise ? transposed(w, [2, 3, 0, 1]) : transposed(w, [3, 2, 0, 1]);
        const weights = constant(`${b}:oihw`, kernel.shape, kernel.values as Float32Array);
        const biasName = inputs[2];
        const bias = biasName ? graphConstant(biasName) : null;
        const biasInput = bias
          ? [constant(`${biasName}:bias`, bias.shape, Float32Array.from(bias.values))]
          : [];
        const activation = fusedActivation(n);
        const convOut = activation ? `${name}:conv` : name;
        onnxNodes.push(
          node('Conv', [a, weights, ...biasInput], [convOut], {
            ...convAttributes(n, [w.shape[0]!, w.shape[1]!]),
            ...(depthwise ? { group: w.shape[2]! } : {}),
          }),
        );
        if (activation === 'Relu') onnxNodes.push(node('Relu', [convOut], [name]));
        if (activation === 'Relu6') onnxNodes.push(relu6(convOut, name));
        return;
      }
      case 'Mul':
      case 'Add':
      case 'AddV2':
      case 'Sub': {
        const op = n.op === 'AddV2' ? 'Add' : n.op;
        const left = isConstant(a) ? elementwiseConstant(a) : a;
        const right = isConstant(b) ? elementwiseConstant(b) : b;
        onnxNodes.push(node(op, [left, right], [name]));
        return;
      }
      case 'Relu6':
        onnxNodes.push(relu6(a, name));
        return;
      case 'Relu':
      case 'Sigmoid':
        onnxNodes.push(node(n.op, [a], [name]));
        return;
      case 'Mean': {
        const axes = Array.from(graphConstant(b).values);
        if (axes.join() !== '1,2' || attr(n, 'keep_dims')?.b !== true)
          throw new Error(`${n.name}: a mean over ${axes.join()}.`);
        onnxNodes.push(node('ReduceMean', [a], [name], { axes: [2, 3], keepdims: 1 }));
        return;
      }
      case 'ConcatV2': {
        const axis = graphConstant(inputs[inputs.length - 1]!).values[0];
        if (axis !== 3 && axis !== -1) throw new Error(`${n.name}: concatenation on axis ${axis}.`);
        onnxNodes.push(node('Concat', inputs.slice(0, -1), [name], { axis: 1 }));
        return;
      }
      case 'ResizeBilinear': {
        if (attr(n, 'align_corners')?.b)
          throw new Error(`${n.name}: resize alignment not handled.`);
        const halfPixel = attr(n, 'half_pixel_centers')?.b === true;
        const [h, w] = Array.from(graphConstant(b).values);
        // the size's channels come from the input at run time: N and C of the input, then H and W
        const shape = `${name}:shape`;
        onnxNodes.push(node('Shape', [a], [shape]));
        onnxNodes.push(
          node(
            'Slice',
            [
              shape,
              constant('0', [1], BigInt64Array.of(0n)),
              constant('2', [1], BigInt64Array.of(2n)),
            ],
            [`${shape}:nc`],
          ),
        );
        onnxNodes.push(
          node(
            'Concat',
            [`${shape}:nc`, constant(`${name}:hw`, [2], BigInt64Array.of(BigInt(h!), BigInt(w!)))],
            [`${name}:sizes`],
            { axis: 0 },
          ),
        );
        onnxNodes.push(
          node('Resize', [a, '', '', `${name}:sizes`], [name], {
            mode: 'linear',
            coordinate_transformation_mode: halfPixel ? 'half_pixel' : 'asymmetric',
          }),
        );
        return;
      }
      default:
        throw new Error(`Op ${n.op} (${n.name}) is not handled.`);
    }
  };

  // the input: NHWC pixels of any size, to NCHW at the graph's size (asymmetric bilinear, as tfjs)
  const pixels = 'pixels';
  onnxNodes.push(node('Transpose', [pixels], ['pixels:nchw'], { perm: [0, 3, 1, 2] }));
  const [ih, iw, channels] = options.inputShape;
  onnxNodes.push(
    node(
      'Resize',
      [
        'pixels:nchw',
        '',
        '',
        constant(
          'input:sizes',
          [4],
          BigInt64Array.of(1n, BigInt(channels), BigInt(ih), BigInt(iw)),
        ),
      ],
      [options.input],
      {
        mode: 'linear',
        coordinate_transformation_mode: 'asymmetric',
      },
    ),
  );
  made.add(options.input);
  for (const out of options.outputs) {
    convert(out);
    onnxNodes.push(node('Transpose', [out], [`${out}:nhwc`], { perm: [0, 2, 3, 1] }));
  }
  return model(
    onnxNodes,
    initialisers,
    [valueInfo(pixels, [1, 'height', 'width', channels])],
    options.outputs.map((o) => valueInfo(`${o}:nhwc`, [1, 'h', 'w', 'c'])),
    OPSET,
  );
}
