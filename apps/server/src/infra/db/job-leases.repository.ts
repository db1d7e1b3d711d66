import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { jobLeases } from './schema.js';

export interface JobLease {
  jobId: string;
  kind: string;
  payload: unknown;
  attempt: number;
  worker: string;
}

/** Leases of running jobs. Times come from the database's clock, so workers' clocks may differ. */
export function createJobLeasesRepository(db: Database) {
  const current = (jobId: string, attempt: number) =>
    and(eq(jobLeases.jobId, jobId), eq(jobLeases.attempt, attempt));

  return {
    /** Taken when a run starts; replaces the lease of an earlier attempt of the same job. */
    async hold(lease: JobLease): Promise<void> {
      await db
        .insert(jobLeases)
        .values({ ...lease, payload: lease.payload as object, heartbeatAt: sql`now()` })
        .onConflictDoUpdate({
          target: jobLeases.jobId,
          set: {
            kind: lease.kind,
            payload: lease.payload as object,
            attempt: lease.attempt,
            worker: lease.worker,
            heartbeatAt: sql`now()`,
          },
        });
    },

    async beat(jobId: string, attempt: number): Promise<void> {
      await db
        .update(jobLeases)
        .set({ heartbeatAt: sql`now()` })
        .where(current(jobId, attempt));
    },

    async release(jobId: string, attempt: number): Promise<void> {
      await db.delete(jobLeases).where(current(jobId, attempt));
    },

    /**
     * Takes over, for `worker`, every lease not touched for `staleMs` (0: every lease), and returns
     * them; one sweeper gets each, and a sweeper that dies leaves them to go stale again.
     */
    async takeStale(staleMs: number, worker: string): Promise<JobLease[]> {
      const rows = await db
        .update(jobLeases)
        .set({ heartbeatAt: sql`now()`, worker })
        .where(lt(jobLeases.heartbeatAt, sql`now() - make_interval(secs => ${staleMs / 1000})`))
        .returning();
      return rows.map(({ jobId, kind, payload, attempt }) => ({
        jobId,
        kind,
        payload,
        attempt,
        worker,
      }));
    },
  };
}

export type JobLeasesRepository = ReturnType<typeof createJobLeasesRepository>;
