import { TOOL_IDS, TOOLS, type ToolJobKind } from '@filmroom/contract';

/**
 * The closed list of background job kinds, each with its payload and its own retry and time limits.
 * A kind without a handler is a start-up error (see JobQueue.start).
 */
export type JobPayloads = {
  /** Probe, thumbnail and browser-playable rendition of a newly stored video. */
  ingest: { videoId: string };
  /** Download a linked video (platform or cloud link) into storage, then ingest it. */
  'import-link': { videoId: string };
  /**
   * A password reset or activation mail asked for by e-mail address. Queued for every well-formed
   * address, so the request answers alike, and as fast, whether or not the account exists.
   */
  'account-mail': { kind: 'activation' | 'password-reset'; email: string };
  /** Render a coach's reviewed cuts into an Inactivity Filter output, in place. */
  'cut-review-render': { videoId: string };
} & {
  /** A stage of a processing tool (its job kinds are listed in the contract's TOOLS). */
  [K in ToolJobKind]: { processingJobId: string };
};

export type JobKind = keyof JobPayloads;

export interface JobPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A running job that exceeds this is failed (and retried if attempts remain). */
  expireInSeconds: number;
}

/** The kinds that run a processing tool's stage, read from the contract's TOOLS. */
export const ENGINE_JOB_KINDS: readonly ToolJobKind[] = TOOL_IDS.flatMap(
  (tool) => TOOLS[tool].jobKinds,
);

/** Engine runs restart from a clean state; a crash or a lost worker is retried twice. */
const ENGINE_JOB_POLICY: JobPolicy = {
  retryLimit: 2,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 3 * 3600,
};

/** Engine stages that may run longer than the usual limit (tracking reads every frame's numbers). */
const LONG_ENGINE_STAGES: Partial<Record<ToolJobKind, number>> = { 'track-analyse': 6 * 3600 };

function engineJobPolicies(): Record<ToolJobKind, JobPolicy> {
  return Object.fromEntries(
    ENGINE_JOB_KINDS.map((kind) => [
      kind,
      {
        ...ENGINE_JOB_POLICY,
        expireInSeconds: LONG_ENGINE_STAGES[kind] ?? ENGINE_JOB_POLICY.expireInSeconds,
      },
    ]),
  ) as Record<ToolJobKind, JobPolicy>;
}

export const JOB_POLICIES: { [K in JobKind]: JobPolicy } = {
  ingest: { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 4 * 3600 },
  'import-link': {
    retryLimit: 1,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 2 * 3600,
  },
  ...engineJobPolicies(),
  // a render of the kept stretches: a copy of most of the film, minutes for a whole game
  'cut-review-render': {
    retryLimit: 2,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 2 * 3600,
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

export type EngineJobKind = ToolJobKind;

export function isEngineJobKind(kind: JobKind): kind is EngineJobKind {
  return (ENGINE_JOB_KINDS as readonly JobKind[]).includes(kind);
}
