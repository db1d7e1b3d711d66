import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { NumberRecognizer } from '../numbers/number-recognizer.js';
import { TextDetector } from '../numbers/text-detector.js';
import {
  readPeople,
  type FrameReadRequest,
  type PersonReadResult,
  type ReadModels,
} from './read-people.js';

/** Reads the numbers of a frame's people (`readPeople`), on this thread or another. */
export interface NumberReader {
  /** `handOver`: the frame's pixels may be moved to another thread (the frame is unusable after). */
  read(request: FrameReadRequest, handOver?: boolean): Promise<PersonReadResult[]>;
  close(): Promise<void>;
}

/** `readPeople` on the calling thread, with models given or loaded (and then owned). */
class InThreadReader implements NumberReader {
  constructor(
    private readonly models: ReadModels,
    private readonly owned: { close(): Promise<void> }[],
  ) {}

  read(request: FrameReadRequest): Promise<PersonReadResult[]> {
    return readPeople(this.models, request);
  }

  async close(): Promise<void> {
    await Promise.all(this.owned.map((m) => m.close()));
  }
}

type WorkerReply =
  | { ready: true }
  | { ready: false; error: string }
  | { id: number; results: PersonReadResult[] }
  | { id: number; error: string };

/**
 * `readPeople` on a worker thread owning the text detector and the recogniser (onnxruntime), so
 * number reading runs beside detection and tracking instead of holding up the frame loop.
 */
class WorkerReader implements NumberReader {
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (r: PersonReadResult[]) => void; reject: (e: Error) => void }
  >();

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: WorkerReply) => {
      if (!('id' in reply)) return;
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if ('error' in reply) p.reject(new Error(reply.error));
      else p.resolve(reply.results);
    });
    worker.on('error', (error) => this.failPending(error));
    // a thread that ends without an error event (terminated, or its event loop emptied) must not
    // leave a read waiting forever
    worker.on('exit', (code) =>
      this.failPending(new Error(`The number reader stopped (exit code ${code}).`)),
    );
  }

  private failPending(error: Error): void {
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }

  static async create(): Promise<WorkerReader> {
    const worker = new Worker(fileURLToPath(new URL('./number-reader-worker.js', import.meta.url)));
    await new Promise<void>((resolve, reject) => {
      const onFirst = (reply: WorkerReply): void => {
        if (!('ready' in reply)) return;
        worker.off('message', onFirst);
        if (reply.ready) resolve();
        else reject(new Error(`The number reader could not load: ${reply.error}`));
      };
      worker.on('message', onFirst);
      worker.once('error', reject);
    });
    return new WorkerReader(worker);
  }

  read(request: FrameReadRequest, handOver = false): Promise<PersonReadResult[]> {
    const id = this.nextId++;
    const { data } = request.frame;
    const owned =
      handOver &&
      data.buffer instanceof ArrayBuffer &&
      data.byteOffset === 0 &&
      data.byteLength === data.buffer.byteLength;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, request }, owned ? [data.buffer] : []);
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/**
 * The number reader for the running code: a worker thread when running compiled JavaScript and no
 * model is given; on this thread when running TypeScript sources directly (tests) or when the
 * caller lends a model (it keeps ownership; the other is loaded here).
 */
export async function createNumberReader(
  lent: { recognizer?: NumberRecognizer; textDetector?: TextDetector } = {},
): Promise<NumberReader> {
  const compiled = import.meta.url.endsWith('.js');
  if (compiled && !lent.recognizer && !lent.textDetector) return WorkerReader.create();
  const owned: { close(): Promise<void> }[] = [];
  const recognizer = lent.recognizer ?? (await NumberRecognizer.create());
  if (!lent.recognizer) owned.push(recognizer);
  const textDetector = lent.textDetector ?? (await TextDetector.create());
  if (!lent.textDetector) owned.push(textDetector);
  return new InThreadReader({ recognizer, textDetector }, owned);
}
