import { Tool } from '@filmroom/contract';

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
  /**
   * A password reset or activation mail asked for by e-mail address. Queued for every well-formed
   * address, so the request answers alike, and as fast, whether or not the account exists.
   */
  'account-mail': { kind: 'activation' | 'password-reset'; email: string };
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
  // A mail server outage is retried for a few minutes; a retry sends a fresh link.
  'account-mail': {
    retryLimit: 3,
    retryDelaySeconds: 20,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
  },
};

export const JOB_KINDS = Object.keys(JOB_POLICIES) as JobKind[];

/** The kinds that run an engine on a processing job. */
export const ENGINE_JOB_KINDS = ['inactivity', 'track-analyse', 'track-render'] as const;
export type EngineJobKind = (typeof ENGINE_JOB_KINDS)[number] & JobKind;

export function isEngineJobKind(kind: JobKind): kind is EngineJobKind {
  return (ENGINE_JOB_KINDS as readonly JobKind[]).includes(kind);
}

/**
 * The engine job a processing job of this tool needs next: Player Tracking renders once the user
 * has selected players (state `rendering`), and analyses before that.
 */
export function engineJobFor(tool: Tool, state: string): EngineJobKind {
  if (tool === Tool.Inactivity) return 'inactivity';
  return state === 'rendering' ? 'track-render' : 'track-analyse';
}
