import PgBoss from 'pg-boss';
import type { JobLease, JobLeasesRepository } from '../db/job-leases.repository.js';
import { JOB_KINDS, JOB_POLICIES, type JobKind, type JobPayloads } from './job-kinds.js';

export interface JobContext {
  jobId: string;
  /** 0 on the first run, 1 on the first retry, ... */
  retryCount: number;
}

export type JobHandler<K extends JobKind> = (
  payload: JobPayloads[K],
  context: JobContext,
) => Promise<void>;
export type JobHandlers = { [K in JobKind]: JobHandler<K> };

/**
 * What to do about a job whose run died with its worker, before the queue retries it (or, on its
 * last attempt, gives it up): undo a claim, or tell the user it failed.
 */
export type OrphanedJobHandler = <K extends JobKind>(
  kind: K,
  payload: JobPayloads[K],
  run: { lastAttempt: boolean },
) => Promise<void>;

/** A running job's lease (see job-leases.repository.ts). */
export interface JobRunLeases {
  leases: Pick<JobLeasesRepository, 'hold' | 'beat' | 'release' | 'takeStale'>;
  /** This process, as `host:pid`. */
  worker: string;
  /** How often a running job's lease is touched. */
  heartbeatMs: number;
}

export interface JobQueueOptions {
  connectionString: string;
  /** Size of pg-boss's connection pool (default 4). */
  maxConnections?: number;
  /** How many jobs of each kind one process runs at once. */
  concurrency: number;
  onError: (error: Error) => void;
}

/** Durable jobs on the app's PostgreSQL (pg-boss, SKIP LOCKED): any number of workers can consume. */
export class JobQueue {
  private readonly boss: PgBoss;
  private started = false;

  constructor(private readonly options: JobQueueOptions) {
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 4,
    });
    this.boss.on('error', options.onError);
  }

  /** Creates the queues; call before send() in every role. */
  async start(): Promise<void> {
    await this.boss.start();
    for (const kind of JOB_KINDS) {
      const policy = JOB_POLICIES[kind];
      await this.boss.createQueue(kind, {
        name: kind,
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: policy.retryBackoff,
        expireInSeconds: policy.expireInSeconds,
      });
    }
    this.started = true;
  }

  async send<K extends JobKind>(kind: K, payload: JobPayloads[K]): Promise<string> {
    if (!this.started) throw new Error('JobQueue.send() before start()');
    const id = await this.boss.send(kind, payload);
    if (!id) throw new Error(`Job ${kind} was not queued`);
    return id;
  }

  /**
   * Starts consuming every kind; a missing handler is a programming error caught at start-up. Each
   * run holds a lease it touches every `heartbeatMs`, and is completed (or failed, to be retried)
   * while it still holds it, so a run that dies at any point leaves a lease behind that goes stale.
   * Without `runs` (a database without the app's tables) runs are not leased.
   */
  async work(handlers: JobHandlers, runs?: JobRunLeases): Promise<void> {
    for (const kind of JOB_KINDS) {
      if (typeof handlers[kind] !== 'function')
        throw new Error(`No handler for job kind "${kind}"`);
    }
    for (const kind of JOB_KINDS) {
      const handler = handlers[kind] as JobHandler<JobKind>;
      for (let slot = 0; slot < this.options.concurrency; slot += 1) {
        await this.boss.work<JobPayloads[JobKind]>(
          kind,
          { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
          async ([job]) => {
            if (!job) return;
            const context = { jobId: job.id, retryCount: job.retryCount };
            if (runs) await this.runLeased(kind, job.data, context, handler, runs);
            else await handler(job.data, context);
          },
        );
      }
    }
  }

  private async runLeased(
    kind: JobKind,
    payload: JobPayloads[JobKind],
    context: JobContext,
    handler: JobHandler<JobKind>,
    runs: JobRunLeases,
  ): Promise<void> {
    const { jobId, retryCount: attempt } = context;
    await runs.leases.hold({ jobId, kind, payload, attempt, worker: runs.worker });
    const heartbeat = setInterval(() => {
      runs.leases.beat(jobId, attempt).catch(() => undefined);
    }, runs.heartbeatMs);
    try {
      await handler(payload, context);
      await this.boss.complete(kind, jobId);
    } catch (error) {
      await this.boss.fail(kind, jobId, error as object);
    } finally {
      clearInterval(heartbeat);
    }
    // Only once the queue knows the outcome: a death before this leaves the lease to go stale.
    await runs.leases.release(jobId, attempt);
  }

  /**
   * Fails, in the queue, every job whose run holds a lease not touched for `staleMs` (0: every
   * lease, when no other process can be running jobs): the queue then retries it with its kind's
   * policy. `onOrphaned` runs first. Returns the leases of runs found dead.
   */
  async recoverOrphans(
    runs: JobRunLeases,
    staleMs: number,
    onOrphaned: OrphanedJobHandler,
  ): Promise<{ recovered: JobLease[]; failures: unknown[] }> {
    const recovered: JobLease[] = [];
    const failures: unknown[] = [];
    for (const lease of await runs.leases.takeStale(staleMs, runs.worker)) {
      try {
        const kind = lease.kind as JobKind;
        const job = JOB_KINDS.includes(kind) ? await this.boss.getJobById(kind, lease.jobId) : null;
        // Finished, retried or gone meanwhile: the lease only outlived its run.
        if (job?.state === 'active' && job.retryCount === lease.attempt) {
          await onOrphaned(kind, lease.payload as JobPayloads[typeof kind], {
            lastAttempt: job.retryCount >= job.retryLimit,
          });
          await this.boss.fail(kind, lease.jobId, { message: 'The worker running it stopped' });
          recovered.push(lease);
        }
        await runs.leases.release(lease.jobId, lease.attempt);
      } catch (error) {
        // The lease stays taken over; it goes stale again and the next sweep retries it.
        failures.push(error);
      }
    }
    return { recovered, failures };
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
