import { STAGE_NAMES } from '../infra/queue/job-kinds.js';
import type { JobHandlers } from '../infra/queue/job-queue.js';
import type { Services } from '../services/create-services.js';
import { accountMailJob } from './account-mail.job.js';
import { cutReviewJob } from './cut-review.job.js';
import { ingestJobs } from './ingest.job.js';
import { stageHandlers } from './processing.job.js';

/** Every job kind's handler, on the process's services; the queue refuses to start if one is missing. */
export function createJobHandlers(services: Services): JobHandlers {
  return {
    ...ingestJobs(services.ingest),
    ...stageHandlers(services.processingRuns, STAGE_NAMES),
    'account-mail': accountMailJob({ accountMails: services.accountMails }),
    'cut-review-render': cutReviewJob(services.cutReview),
  };
}
