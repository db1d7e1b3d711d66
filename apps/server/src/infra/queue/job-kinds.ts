import { TOOL_IDS, TOOLS, type ToolStageName } from '@filmroom/contract';

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
  /** A stage of a processing tool, queued under its name (the contract's `TOOLS[tool].stageNames`). */
  [K in ToolStageName]: { processingRunId: string };
};

/**
 * The run a stage's job is for. Jobs queued before runs were called runs name it `processingJobId`;
 * they are still in a database that was upgraded with jobs waiting.
 */
export function runIdOf(payload: { processingRunId?: string; processingJobId?: string }): string {
  const id = payload.processingRunId ?? payload.processingJobId;
  if (!id) throw new Error('A stage job without its run');
  return id;
}

export type JobKind = keyof JobPayloads;

export interface JobPolicy {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A running job that exceeds this is failed (and retried if attempts remain). */
  expireInSeconds: number;
}

/** The processing tools' stages, each queued as a job of its own kind (the contract's TOOLS). */
export const STAGE_NAMES: readonly ToolStageName[] = TOOL_IDS.flatMap(
  (tool) => TOOLS[tool].stageNames,
);

/** Engine runs restart from a clean state; a crash or a lost worker is retried twice. */
const ENGINE_JOB_POLICY: JobPolicy = {
  retryLimit: 2,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 3 * 3600,
};

/** Engine stages that may run longer than the usual limit (tracking reads every frame's numbers). */
const LONG_ENGINE_STAGES: Partial<Record<ToolStageName, number>> = { 'track-analyse': 6 * 3600 };

function stagePolicies(): Record<ToolStageName, JobPolicy> {
  return Object.fromEntries(
    STAGE_NAMES.map((kind) => [
      kind,
      {
        ...ENGINE_JOB_POLICY,
        expireInSeconds: LONG_ENGINE_STAGES[kind] ?? ENGINE_JOB_POLICY.expireInSeconds,
      },
    ]),
  ) as Record<ToolStageName, JobPolicy>;
}

export const JOB_POLICIES: { [K in JobKind]: JobPolicy } = {
  ingest: { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: true, expireInSeconds: 4 * 3600 },
  'import-link': {
    retryLimit: 1,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 2 * 3600,
  },
  ...stagePolicies(),
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

export function isStageName(kind: JobKind): kind is ToolStageName {
  return (STAGE_NAMES as readonly JobKind[]).includes(kind);
}
