import type { JobKind, JobPayloads } from './job-kinds.js';

/** What the API needs from the queue: hand a job over (JobQueue in production). */
export interface JobSender {
  send<K extends JobKind>(kind: K, payload: JobPayloads[K]): Promise<string>;
}
