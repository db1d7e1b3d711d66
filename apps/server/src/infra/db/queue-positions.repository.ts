import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { processingRuns } from './schema.js';

/**
 * Where a user's waiting processing runs stand in the shared queue: for each of their runs no worker
 * has taken yet, how many runs (anyone's) were queued before it and still wait.
 */
export function createQueuePositionsRepository(db: Database) {
  return {
    async jobsAheadByEntry(userId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({
          entryVideoId: processingRuns.entryVideoId,
          ahead: sql<number>`(
            select count(*)::int from processing_runs as earlier
            where earlier.state = 'queued' and earlier.created_at < processing_runs.created_at
          )`,
        })
        .from(processingRuns)
        .where(and(eq(processingRuns.userId, userId), eq(processingRuns.state, 'queued')));
      return new Map(rows.map((row) => [row.entryVideoId, Number(row.ahead)]));
    },
  };
}

export type QueuePositionsRepository = ReturnType<typeof createQueuePositionsRepository>;
