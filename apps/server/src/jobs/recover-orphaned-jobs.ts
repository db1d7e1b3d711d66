import type { Logger } from 'pino';
import { isStageName, runIdOf, type JobPayloads } from '../infra/queue/job-kinds.js';
import type { JobQueue, JobRunLeases, OrphanedJobHandler } from '../infra/queue/job-queue.js';
import type { Services } from '../services/create-services.js';

/**
 * Per kind, what a run that died with its worker leaves to put right: engine runs hand back their
 * claim, ingests and link imports word their card after the last attempt. Kinds not named here are
 * simply retried.
 */
export function orphanedJobHandler(services: Services): OrphanedJobHandler {
  return async (kind, payload, run) => {
    if (isStageName(kind)) {
      await services.processingRuns.orphaned(runIdOf(payload as JobPayloads['inactivity']), run);
    } else if (kind === 'ingest' || kind === 'import-link') {
      const { videoId } = payload as JobPayloads['ingest'];
      await services.ingest.orphaned(videoId, run);
    }
  };
}

/**
 * A worker killed mid-run (SIGKILL, OOM, power loss) leaves its job active in the queue, which
 * would retry it only after the kind's time limit (hours). Every worker sweeps for runs whose lease
 * went stale and fails them in the queue, which retries them by the kind's policy. The first sweep
 * runs before the worker takes jobs; `everyRunIsOrphaned` (the embedded database, which no other
 * process can use) makes it take every lease at once instead of waiting for them to go stale.
 * Returns a stop function.
 */
export async function recoverOrphanedJobs(deps: {
  queue: Pick<JobQueue, 'recoverOrphans'>;
  runs: JobRunLeases;
  onOrphaned: OrphanedJobHandler;
  logger: Pick<Logger, 'info' | 'warn'>;
  staleAfterMs: number;
  everyRunIsOrphaned: boolean;
}): Promise<() => void> {
  const sweep = async (staleMs: number): Promise<void> => {
    const { recovered, failures } = await deps.queue.recoverOrphans(
      deps.runs,
      staleMs,
      deps.onOrphaned,
    );
    for (const lease of recovered) {
      deps.logger.info(
        { jobId: lease.jobId, kind: lease.kind, attempt: lease.attempt },
        'Retrying a job whose worker stopped',
      );
    }
    for (const error of failures) deps.logger.warn({ err: error }, 'Job recovery failed');
  };
  await sweep(deps.everyRunIsOrphaned ? 0 : deps.staleAfterMs).catch((error: unknown) =>
    deps.logger.warn({ err: error }, 'Job recovery failed'),
  );
  const timer = setInterval(
    () => {
      sweep(deps.staleAfterMs).catch((error: unknown) =>
        deps.logger.warn({ err: error }, 'Job recovery failed'),
      );
    },
    Math.max(1000, deps.staleAfterMs / 4),
  );
  timer.unref();
  return () => clearInterval(timer);
}
