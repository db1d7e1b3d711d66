import { fileURLToPath } from 'node:url';
import { Worker, type Transferable } from 'node:worker_threads';
import type { WorkerCall, WorkerReply } from './worker-messages.js';

/**
 * The young generation of a worker's heap. The workers pass frames and model tensors, big buffers
 * that are freed only when the small objects holding them are collected: a smaller young generation
 * collects them sooner. On a 96-s 720p film Player Tracking peaked at 707 MB with the default and
 * 658 MB with 8 MB, at the same speed.
 */
const YOUNG_GENERATION_MB = 8;

interface Pending<Result> {
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
}

/**
 * Calls a worker thread that serves requests with `serveInWorker`: each call is answered by its own
 * reply, in whatever order the worker finishes. A call in progress fails when the thread fails or
 * stops, never waits forever.
 */
export class WorkerClient<Request, Result> {
  private nextId = 0;
  private readonly pending = new Map<number, Pending<Result>>();

  private constructor(
    private readonly worker: Worker,
    private readonly name: string,
  ) {
    worker.on('message', (reply: WorkerReply<Result>) => {
      if (!('id' in reply)) return;
      const call = this.pending.get(reply.id);
      if (!call) return;
      this.pending.delete(reply.id);
      if ('error' in reply) call.reject(new Error(reply.error));
      else call.resolve(reply.result);
    });
    worker.on('error', (error) => this.failPending(error));
    // a thread that ends without an error event (terminated, or out of work) must not leave a call
    // waiting
    worker.on('exit', (code) =>
      this.failPending(new Error(`The ${this.name} stopped (exit code ${code}).`)),
    );
  }

  /** Starts the worker module at `url` and waits until it says it is ready (its models loaded). */
  static async start<Request, Result>(
    url: URL,
    name: string,
  ): Promise<WorkerClient<Request, Result>> {
    const worker = new Worker(fileURLToPath(url), {
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    await new Promise<void>((resolve, reject) => {
      const onFirst = (reply: WorkerReply<Result>): void => {
        if (!('ready' in reply)) return;
        worker.off('message', onFirst);
        if (reply.ready) resolve();
        else reject(new Error(`The ${name} could not load: ${reply.error}`));
      };
      worker.on('message', onFirst);
      worker.once('error', reject);
    });
    return new WorkerClient<Request, Result>(worker, name);
  }

  /** Calls in progress. */
  get busy(): number {
    return this.pending.size;
  }

  /** `transfer`: buffers moved to the worker (unusable here afterwards). */
  call(request: Request, transfer: readonly Transferable[] = []): Promise<Result> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const message: WorkerCall<Request> = { id, request };
      this.worker.postMessage(message, [...transfer]);
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  private failPending(error: Error): void {
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }
}

/** The buffer of `data` when it can be moved to another thread whole (it is not a view into more). */
export function movableBuffer(data: Uint8Array): ArrayBuffer[] {
  const { buffer } = data;
  return buffer instanceof ArrayBuffer &&
    data.byteOffset === 0 &&
    data.byteLength === buffer.byteLength
    ? [buffer]
    : [];
}
