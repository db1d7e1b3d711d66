import { JOB_POLICIES, type JobKind, type JobPayloads } from '../../src/infra/queue/job-kinds.js';
import type { JobHandlers } from '../../src/infra/queue/job-queue.js';
import type { JobSender } from '../../src/infra/queue/job-sender.js';

/**
 * Runs the real job handlers in the test process, right after they are sent, with the queue's retry
 * count; `idle()` waits until every job sent so far has finished.
 */
export class InProcessJobs implements JobSender {
  private handlers: JobHandlers | undefined;
  private readonly running = new Map<Promise<void>, JobKind>();
  private counter = 0;
  /** Jobs sent while paused wait here, as they would in a queue no worker polls yet. */
  private held: (() => void)[] | undefined;
  readonly sent: { kind: JobKind; payload: unknown }[] = [];

  use(handlers: JobHandlers): void {
    this.handlers = handlers;
  }

  async send<K extends JobKind>(kind: K, payload: JobPayloads[K]): Promise<string> {
    this.counter += 1;
    const jobId = `job-${this.counter}`;
    this.sent.push({ kind, payload });
    const handler = this.handlers?.[kind] as
      | ((payload: JobPayloads[K], context: { jobId: string; retryCount: number }) => Promise<void>)
      | undefined;
    if (!handler) return jobId;
    const held = this.held;
    const run = (async () => {
      if (held) await new Promise<void>((resolve) => held.push(resolve));
      for (let retryCount = 0; ; retryCount += 1) {
        try {
          await handler(payload, { jobId, retryCount });
          return;
        } catch (error) {
          if (retryCount >= JOB_POLICIES[kind].retryLimit) {
            console.error(`job ${kind} failed`, error);
            return;
          }
        }
      }
    })();
    this.running.set(run, kind);
    void run.finally(() => this.running.delete(run));
    return jobId;
  }

  /** Jobs sent from now on wait until `resume()`. */
  pause(): void {
    this.held ??= [];
  }

  resume(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const start of held) start();
  }

  /** Waits for every job sent so far, or only for those of `kinds`. */
  async idle(kinds?: JobKind[]): Promise<void> {
    const waitingFor = () =>
      [...this.running].filter(([, kind]) => !kinds || kinds.includes(kind)).map(([run]) => run);
    for (let runs = waitingFor(); runs.length > 0; runs = waitingFor()) await Promise.all(runs);
  }
}
