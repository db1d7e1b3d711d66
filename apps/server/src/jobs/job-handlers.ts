import type { JobHandlers } from '../infra/queue/job-queue.js';
import { importLinkJob, type ImportDeps } from './import-link.job.js';
import { ingestJob } from './ingest.job.js';
import { processingJobs, type ProcessingDeps } from './processing.job.js';

export type WorkerDeps = ImportDeps & ProcessingDeps;

/** Every job kind's handler; the queue refuses to start a worker if one is missing. */
export function createJobHandlers(deps: WorkerDeps): JobHandlers {
  return {
    ingest: ingestJob(deps),
    'import-link': importLinkJob(deps),
    ...processingJobs(deps),
  };
}
