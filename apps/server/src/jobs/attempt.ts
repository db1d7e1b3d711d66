import { JOB_POLICIES, type JobKind } from '../infra/queue/job-kinds.js';
import type { JobContext } from '../infra/queue/job-queue.js';
import type { RunAttempt } from '../services/run-attempt.js';

/** The queue's attempt as the services see it: whether a failure now is the last one. */
export function attemptOf(kind: JobKind, context: JobContext): RunAttempt {
  return { lastAttempt: context.retryCount >= JOB_POLICIES[kind].retryLimit };
}
