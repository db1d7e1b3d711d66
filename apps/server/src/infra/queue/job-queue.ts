import PgBoss from 'pg-boss';
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

  /** Starts consuming every kind; a missing handler is a programming error caught at start-up. */
  async work(handlers: JobHandlers): Promise<void> {
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
            await handler(job.data, { jobId: job.id, retryCount: job.retryCount });
          },
        );
      }
    }
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
