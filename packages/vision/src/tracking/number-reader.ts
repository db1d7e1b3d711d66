import { NumberRecognizer } from '../numbers/number-recognizer.js';
import { TextDetector } from '../numbers/text-detector.js';
import { movableBuffer, WorkerClient } from '../threads/worker-client.js';
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

/**
 * `readPeople` on a worker thread owning the text detector and the recogniser (onnxruntime), so
 * number reading runs beside detection and tracking instead of holding up the frame loop.
 */
class WorkerReader implements NumberReader {
  private constructor(
    private readonly worker: WorkerClient<FrameReadRequest, PersonReadResult[]>,
  ) {}

  static async create(): Promise<WorkerReader> {
    return new WorkerReader(
      await WorkerClient.start<FrameReadRequest, PersonReadResult[]>(
        new URL('./number-reader-worker.js', import.meta.url),
        'number reader',
      ),
    );
  }

  read(request: FrameReadRequest, handOver = false): Promise<PersonReadResult[]> {
    return this.worker.call(request, handOver ? movableBuffer(request.frame.data) : []);
  }

  close(): Promise<void> {
    return this.worker.close();
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
