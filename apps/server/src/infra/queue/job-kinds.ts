/**
 * The closed list of background job kinds, each with its payload and its own retry and time limits.
 * A kind without a handler is a start-up error (see JobQueue.start).
 */
export interface JobPayloads {
  /** Probe, thumbnail and browser-playable rendition of a newly stored video. */
  ingest: { videoId: string };
  /** Download a linked video (platform or cloud link) into storage, then ingest it. */
  'import-link': { videoId: string };
}

export type JobKind = keyof JobPayloads;

export interface JobPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A running job that exceeds this is failed (and retried if attempts remain). */
  expireInSeconds: number;
}

export const JOB_POLICIES: { [K in JobKind]: JobPolicy } = {
  ingest: { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 4 * 3600 },
  'import-link': {
    retryLimit: 1,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 2 * 3600,
  },
};

export const JOB_KINDS = Object.keys(JOB_POLICIES) as JobKind[];
