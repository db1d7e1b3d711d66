import type { JobHandlers } from '../infra/queue/job-queue.js';
import { importLinkJob, type ImportDeps } from './import-link.job.js';
import { ingestJob } from './ingest.job.js';

/** Every job kind's handler; the queue refuses to start a worker if one is missing. */
export function createJobHandlers(deps: ImportDeps): JobHandlers {
  return {
    ingest: ingestJob(deps),
    'import-link': importLinkJob(deps),
  };
}
