import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CenterNetDetector } from './centernet-detector.js';
import type { DetectOptions, PersonDetection, PersonFinder, RgbFrame } from './types.js';

interface Pending {
  resolve: (detections: PersonDetection[]) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: number;
  pending: Map<number, Pending>;
}

type WorkerReply =
  | { ready: true }
  | { ready: false; error: string }
  | { id: number; detections: PersonDetection[] }
  | { id: number; error: string };

/**
 * Worker threads each holding one CenterNet: wasm threads are off in Node, so this is how a frame
 * stream uses every core. Requests go to the least busy worker.
 */
export class DetectorPool implements PersonFinder {
  private nextId = 0;

  private constructor(private readonly slots: Slot[]) {}

  static async create(
    size = Math.max(1, Math.min(2, availableParallelism())),
  ): Promise<DetectorPool> {
    const url = new URL('./detector-worker.js', import.meta.url);
    const slots = await Promise.all(
      Array.from({ length: size }, async () => {
        const worker = new Worker(fileURLToPath(url));
        const slot: Slot = { worker, busy: 0, pending: new Map() };
        await new Promise<void>((resolve, reject) => {
          const onFirst = (reply: WorkerReply): void => {
            if ('ready' in reply) {
              worker.off('message', onFirst);
              if (reply.ready) resolve();
              else reject(new Error(`The person detector could not load: ${reply.error}`));
            }
          };
          worker.on('message', onFirst);
          worker.once('error', reject);
        });
        worker.on('message', (reply: WorkerReply) => {
          if (!('id' in reply)) return;
          const pending = slot.pending.get(reply.id);
          if (!pending) return;
          slot.pending.delete(reply.id);
          slot.busy -= 1;
          if ('error' in reply) pending.reject(new Error(reply.error));
          else pending.resolve(reply.detections);
        });
        worker.on('error', (error) => {
          for (const p of slot.pending.values()) p.reject(error);
          slot.pending.clear();
        });
        return slot;
      }),
    );
    return new DetectorPool(slots);
  }

  get size(): number {
    return this.slots.length;
  }

  detect(frame: RgbFrame, options: DetectOptions = {}): Promise<PersonDetection[]> {
    const slot = this.slots.reduce((best, s) => (s.busy < best.busy ? s : best));
    const id = this.nextId++;
    slot.busy += 1;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      const buffer = frame.data.buffer;
      const owned =
        options.handOver === true &&
        buffer instanceof ArrayBuffer &&
        frame.data.byteOffset === 0 &&
        frame.data.byteLength === buffer.byteLength;
      slot.worker.postMessage({ id, frame, options }, owned ? [buffer] : []);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

/**
 * The best person finder for the running code: a worker pool when running compiled JavaScript,
 * a single in-thread detector when running TypeScript sources directly (tests), or when one worker is asked.
 */
export async function createPersonFinder(workers?: number): Promise<PersonFinder> {
  const compiled = import.meta.url.endsWith('.js');
  if (!compiled || workers === 1) return CenterNetDetector.create();
  return DetectorPool.create(workers);
}
