import type { EngineJobKind } from '../infra/queue/job-kinds.js';
import type { JobHandler } from '../infra/queue/job-queue.js';
import type { ProcessingRunService } from '../services/processing/processing-run.service.js';
import { attemptOf } from './attempt.js';

/** The engine jobs: each hands its processing job to the run service, with the queue's attempt. */
export function processingJobs(runs: ProcessingRunService): {
  [K in EngineJobKind]: JobHandler<K>;
} {
  return {
    inactivity: ({ processingJobId }, context) =>
      runs.inactivity(processingJobId, attemptOf('inactivity', context)),
    'track-analyse': ({ processingJobId }, context) =>
      runs.analyseTracking(processingJobId, attemptOf('track-analyse', context)),
    'track-render': ({ processingJobId }, context) =>
      runs.renderTracking(processingJobId, attemptOf('track-render', context)),
  };
}
