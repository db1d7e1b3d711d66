import { loadDigitReader } from '../../perception/numbers/number-reader-model.js';
import { NumberRecognizer } from '../../perception/numbers/number-recognizer.js';
import { TextDetector } from '../../perception/numbers/text-detector.js';
import { movableBuffer, WorkerClient } from '../../threads/worker-client.js';
import {
  looksInDetail,
  readPeople,
  type FrameReadRequest,
  type PersonReadJob,
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

/** Rough cost of a job, to share a frame's jobs out evenly: a text look costs ~4 band reads. */
function jobCost(job: PersonReadJob): number {
  return job.textLook !== null ? 4 : 1;
}

/**
 * Shares a frame's jobs among `parts` readers: each job to the part with the least cost so far
 * (the first on a tie). Returns, per part, the indices of its jobs in their order.
 */
export function shareJobs(jobs: readonly PersonReadJob[], parts: number): number[][] {
  const shares = Array.from({ length: parts }, () => ({ cost: 0, jobs: [] as number[] }));
  jobs.forEach((job, i) => {
    const least = shares.reduce((best, s) => (s.cost < best.cost ? s : best));
    least.jobs.push(i);
    least.cost += jobCost(job);
  });
  return shares.map((s) => s.jobs);
}

/**
 * `readPeople` on worker threads, each owning a text detector and a recogniser (onnxruntime), so
 * number reading runs beside detection and tracking instead of holding up the frame loop. A frame's
 * jobs are shared among the threads; each job's result depends only on the frame and the job, so
 * the answer is the same however they are shared.
 */
class WorkerReader implements NumberReader {
  private constructor(
    private readonly workers: WorkerClient<FrameReadRequest, PersonReadResult[]>[],
  ) {}

  static async create(threads: number): Promise<WorkerReader> {
    const url = new URL('./number-reader-worker.js', import.meta.url);
    const started = await Promise.allSettled(
      Array.from({ length: threads }, () =>
        WorkerClient.start<FrameReadRequest, PersonReadResult[]>(url, 'number reader'),
      ),
    );
    const workers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) {
      await Promise.all(workers.map((w) => w.close()));
      throw failed.reason;
    }
    return new WorkerReader(workers);
  }

  async read(request: FrameReadRequest, handOver = false): Promise<PersonReadResult[]> {
    const shares = shareJobs(request.jobs, this.workers.length)
      .map((jobs, worker) => ({ jobs, worker }))
      .filter((s) => s.jobs.length > 0);
    const answers = await Promise.all(
      shares.map(({ jobs, worker }, i) => {
        const last = i === shares.length - 1;
        const partJobs = jobs.map((j) => request.jobs[j]!);
        // only some text looks read the detail frame: a share without one is not sent it
        const detail = partJobs.some((j) => looksInDetail(request, j)) ? request.detail : undefined;
        const part: FrameReadRequest = { ...request, detail, jobs: partJobs };
        // the last share may take the frame's pixels; the others get a copy
        const pixels = [request.frame.data, ...(detail ? [detail.frame.data] : [])];
        return this.workers[worker]!.call(
          part,
          last && handOver ? pixels.flatMap(movableBuffer) : [],
        );
      }),
    );
    const results: PersonReadResult[] = new Array<PersonReadResult>(request.jobs.length);
    shares.forEach(({ jobs }, i) => jobs.forEach((j, k) => (results[j] = answers[i]![k]!)));
    return results;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
  }
}

/**
 * The number reader for the running code: `threads` worker threads (default 1) when running compiled
 * JavaScript and no model is lent; on this thread when running TypeScript sources directly (tests)
 * or when the caller lends a model (it keeps ownership; the other is loaded here).
 */
export async function createNumberReader(
  options: { recognizer?: NumberRecognizer; textDetector?: TextDetector; threads?: number } = {},
): Promise<NumberReader> {
  const compiled = import.meta.url.endsWith('.js');
  if (compiled && !options.recognizer && !options.textDetector)
    return WorkerReader.create(Math.max(1, options.threads ?? 1));
  const owned: { close(): Promise<void> }[] = [];
  const recognizer = options.recognizer ?? (await NumberRecognizer.create());
  if (!options.recognizer) owned.push(recognizer);
  const textDetector = options.textDetector ?? (await TextDetector.create());
  if (!options.textDetector) owned.push(textDetector);
  const digits = await loadDigitReader();
  if (digits) owned.push(digits);
  return new InThreadReader({ recognizer, textDetector, digits }, owned);
}
