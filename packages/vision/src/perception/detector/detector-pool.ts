import { availableParallelism } from 'node:os';
import { movableBuffer, WorkerClient } from '../../threads/worker-client.js';
import { CenterNetDetector } from './centernet-detector.js';
import type { DetectOptions, PersonDetection, PersonFinder, RgbFrame } from './types.js';

/** What a detector worker is asked: one frame (or tile). */
export interface DetectRequest {
  frame: RgbFrame;
  options: DetectOptions;
}

/**
 * Worker threads each holding one CenterNet: wasm threads are off in Node, so this is how a frame
 * stream uses every core. Requests go to the least busy worker.
 */
export class DetectorPool implements PersonFinder {
  private constructor(private readonly workers: WorkerClient<DetectRequest, PersonDetection[]>[]) {}

  static async create(
    size = Math.max(1, Math.min(2, availableParallelism())),
  ): Promise<DetectorPool> {
    const url = new URL('./detector-worker.js', import.meta.url);
    return new DetectorPool(
      await Promise.all(
        Array.from({ length: size }, () =>
          WorkerClient.start<DetectRequest, PersonDetection[]>(url, 'person detector'),
        ),
      ),
    );
  }

  get size(): number {
    return this.workers.length;
  }

  detect(frame: RgbFrame, options: DetectOptions = {}): Promise<PersonDetection[]> {
    const worker = this.workers.reduce((best, w) => (w.busy < best.busy ? w : best));
    return worker.call(
      { frame, options },
      options.handOver === true ? movableBuffer(frame.data) : [],
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
  }
}

/**
 * The best person finder for the running code: a pool of `workers` threads when running compiled
 * JavaScript, a detector on the calling thread when running TypeScript sources directly (tests) or
 * when no worker is asked (`workers` 0).
 */
export async function createPersonFinder(workers?: number): Promise<PersonFinder> {
  const compiled = import.meta.url.endsWith('.js');
  if (!compiled || workers === 0) return CenterNetDetector.create();
  return DetectorPool.create(workers);
}
