/**
 * The closed list of background job kinds, each with its payload and its own retry and time limits.
 * A kind without a handler is a start-up error (see JobQueue.start).
 */
export interface JobPayloads {
  /** Probe, thumbnail and browser-playable rendition of a newly stored video. */
  ingest: { videoId: string };
  /** Download a linked video (platform or cloud link) into storage, then ingest it. */
  'import-link': { videoId: string };
  /** Inactivity Filter on a processing job's source: a new video of only the live play. */
  inactivity: { processingJobId: string };
  /** Player Tracking phase 1: teams, numbers and player photos; then the user selects players. */
  'track-analyse': { processingJobId: string };
  /** Player Tracking phase 2: the selected players' clips as a new video. */
  'track-render': { processingJobId: string };
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
  // Engine runs restart from a clean state; a crash or a lost worker is retried twice.
  inactivity: {
    retryLimit: 2,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 3 * 3600,
  },
  'track-analyse': {
    retryLimit: 2,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 6 * 3600,
  },
  'track-render': {
    retryLimit: 2,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 3 * 3600,
  },
};

export const JOB_KINDS = Object.keys(JOB_POLICIES) as JobKind[];
