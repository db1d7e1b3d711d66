import { JOB_POLICIES, type JobKind, type JobPayloads } from '../../src/infra/queue/job-kinds.js';
import type { JobHandlers } from '../../src/infra/queue/job-queue.js';
import type { JobSender } from '../../src/infra/queue/job-sender.js';

/**
 * Runs the real job handlers in the test process, right after they are sent, with the queue's retry
 * count; `idle()` waits until every job sent so far has finished.
 */
export class InProcessJobs implements JobSender {
  private handlers: JobHandlers | undefined;
  private readonly running = new Set<Promise<void>>();
  private counter = 0;
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
    const run = (async () => {
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
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return jobId;
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
