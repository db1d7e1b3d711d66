/**
 * Just enough of ONNX's protobuf encoding to write a graph of plain float tensors: a model, its
 * graph, nodes with int, float and int-list attributes, initialisers and typed inputs and outputs.
 * No protobuf library ships the ONNX schema, and this is all the converter needs.
 */

type Chunk = Uint8Array;

function varint(value: number | bigint): Chunk {
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return Uint8Array.from(out);
}

/** A message being written: fields in order. */
export class Message {
  private readonly chunks: Chunk[] = [];

  int(field: number, value: number): this {
    this.chunks.push(varint(field << 3), varint(value));
    return this;
  }

  float(field: number, value: number): this {
    this.chunks.push(varint((field << 3) | 5), new Uint8Array(Float32Array.of(value).buffer));
    return this;
  }

  bytes(field: number, data: Chunk): this {
    this.chunks.push(varint((field << 3) | 2), varint(data.length), data);
    return this;
  }

  string(field: number, text: string): this {
    return this.bytes(field, new TextEncoder().encode(text));
  }

  message(field: number, inner: Message): this {
    return this.bytes(field, inner.encode());
  }

  /** A packed repeated int64 field. */
  ints(field: number, values: readonly number[]): this {
    return this.bytes(field, Buffer.concat(values.map((v) => varint(v))));
  }

  encode(): Uint8Array {
    return Buffer.concat(this.chunks);
  }
}

/** ONNX's tensor element types used here. */
export const FLOAT = 1;
export const INT64 = 7;

export type Attribute = number | readonly number[] | string | { float: number };

/** A node: `op` with inputs, outputs and attributes (ints, int lists, strings, floats). */
export function node(
  op: string,
  inputs: readonly string[],
  outputs: readonly string[],
  attributes: Record<string, Attribute> = {},
): Message {
  const m = new Message();
  for (const i of inputs) m.string(1, i);
  for (const o of outputs) m.string(2, o);
  m.string(3, outputs[0] ?? op);
  m.string(4, op);
  for (const [name, value] of Object.entries(attributes)) {
    const a = new Message().string(1, name);
    if (typeof value === 'number') a.int(3, value).int(20, 2);
    else if (typeof value === 'string') a.string(4, value).int(20, 3);
    else if ('float' in value) a.float(2, value.float).int(20, 1);
    else a.ints(8, value).int(20, 7);
    m.message(5, a);
  }
  return m;
}

/** An initialiser: a named constant tensor, float32 or int64. */
export function tensor(
  name: string,
  dims: readonly number[],
  data: Float32Array | BigInt64Array,
): Message {
  const raw = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return new Message()
    .ints(1, dims)
    .int(2, data instanceof Float32Array ? FLOAT : INT64)
    .string(8, name)
    .bytes(9, raw);
}

/** A graph input or output: a float tensor of the given dims (-1 or a name for a free one). */
export function valueInfo(name: string, dims: readonly (number | string)[]): Message {
  const shape = new Message();
  for (const d of dims) {
    shape.message(
      1,
      typeof d === 'number' && d >= 0
        ? new Message().int(1, d)
        : new Message().string(2, String(d)),
    );
  }
  const tensorType = new Message().int(1, FLOAT).message(2, shape);
  return new Message().string(1, name).message(2, new Message().message(1, tensorType));
}

/** A whole model (IR version 8, default domain at `opset`). */
export function model(
  nodes: readonly Message[],
  initialisers: readonly Message[],
  inputs: readonly Message[],
  outputs: readonly Message[],
  opset: number,
): Uint8Array {
  const graph = new Message();
  for (const n of nodes) graph.message(1, n);
  graph.string(2, 'graph');
  for (const t of initialisers) graph.message(5, t);
  for (const i of inputs) graph.message(11, i);
  for (const o of outputs) graph.message(12, o);
  return new Message()
    .int(1, 8)
    .string(2, 'filmroom')
    .message(7, graph)
    .message(8, new Message().string(1, '').int(2, opset))
    .encode();
}
