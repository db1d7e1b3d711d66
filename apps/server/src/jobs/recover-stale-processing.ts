import type { Logger } from 'pino';
import type { ProcessingJobsRepository } from '../infra/db/processing-jobs.repository.js';
import type { JobSender } from '../infra/queue/job-sender.js';
import type { Clock } from '../services/clock.js';

/**
 * A worker killed mid-run (SIGKILL, OOM, power loss) leaves its job "running" with no heartbeat;
 * pg-boss would only retry it after the kind's time limit. This re-queues such jobs: the new run
 * claims the job, cleans what the dead run left, and starts over. Returns a stop function.
 */
export function recoverStaleProcessing(deps: {
  processing: ProcessingJobsRepository;
  jobs: JobSender;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn'>;
  staleAfterMs: number;
}): () => void {
  const sweep = async (): Promise<void> => {
    const staleBefore = new Date(deps.clock().getTime() - deps.staleAfterMs);
    for (const job of await deps.processing.listStale(staleBefore)) {
      const kind =
        job.kind === 'inactivity'
          ? 'inactivity'
          : job.state === 'rendering'
            ? 'track-render'
            : 'track-analyse';
      deps.logger.info(
        { processingJobId: job.id, kind },
        'Re-queueing a processing job left by a stopped worker',
      );
      await deps.jobs.send(kind, { processingJobId: job.id });
    }
  };
  const run = (): void => {
    sweep().catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'Processing recovery failed'),
    );
  };
  run();
  const timer = setInterval(run, Math.max(1000, deps.staleAfterMs / 2));
  timer.unref();
  return () => clearInterval(timer);
}
