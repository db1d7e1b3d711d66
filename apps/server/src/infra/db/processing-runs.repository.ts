import type { Sport, Tool } from '@filmroom/contract';
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { Database } from './database.js';
import { processingRuns, videos, type ProcessingRunRow, type ProcessingState } from './schema.js';
import { isVideoId, type Video } from './videos.repository.js';

export type ProcessingRun = ProcessingRunRow;

/** What the in-progress card shows, kept on the job row and mirrored on its entry video row. */
export interface ProgressChanges {
  state?: ProcessingState;
  percentageCompleted?: number;
  errorMessage?: string;
  canSelectPlayers?: boolean;
}

/** Rolls back a restart whose entry was opened or removed meanwhile. */
class EntryMovedOn extends Error {}

const ACTIVE_STATES: ProcessingState[] = ['queued', 'analysing', 'awaiting-selection', 'rendering'];

/**
 * Processing jobs. Every change of a job's state changes its entry video row in the same
 * transaction, so the in-progress list never disagrees with the job.
 */
export function createProcessingRunsRepository(db: Database) {
  async function change(
    tx: Database,
    id: string,
    changes: ProgressChanges & Partial<Pick<ProcessingRun, 'analysis' | 'selection' | 'attempt'>>,
    now: Date,
    onlyIn?: ProcessingState[],
  ): Promise<ProcessingRun | undefined> {
    const where = onlyIn
      ? and(eq(processingRuns.id, id), inArray(processingRuns.state, onlyIn))
      : eq(processingRuns.id, id);
    const [job] = await tx
      .update(processingRuns)
      .set({ ...changes, updatedAt: now })
      .where(where)
      .returning();
    if (!job) return undefined;
    const entry: Partial<Video> = {};
    if (changes.percentageCompleted !== undefined)
      entry.percentageCompleted = changes.percentageCompleted;
    if (changes.canSelectPlayers !== undefined) entry.canSelectPlayers = changes.canSelectPlayers;
    if (changes.errorMessage !== undefined) entry.errorMessage = changes.errorMessage;
    if (changes.state === 'failed') entry.status = 'failed';
    if (changes.state === 'done') entry.status = 'done';
    if (Object.keys(entry).length > 0) {
      const [video] = await tx
        .update(videos)
        .set({ ...entry, updatedAt: now })
        .where(eq(videos.id, job.entryVideoId))
        .returning({ id: videos.id });
      if (!video) throw new Error(`Entry video of processing job ${id} is gone`);
    }
    return job;
  }

  return {
    async create(values: {
      userId: string;
      entryVideoId: string;
      sourceVideoId: string;
      tool: Tool;
      /** The sport chosen for the run, handed to its engine (none: the engine is told none). */
      sport?: Sport;
    }): Promise<ProcessingRun> {
      const [job] = await db.insert(processingRuns).values(values).returning();
      if (!job) throw new Error('Inserting a processing job returned no row');
      return job;
    },

    async findById(id: string): Promise<ProcessingRun | undefined> {
      if (!isVideoId(id)) return undefined;
      const [job] = await db.select().from(processingRuns).where(eq(processingRuns.id, id));
      return job;
    },

    /** The job of an in-progress entry the user owns; another user's or unknown id gives undefined. */
    async findByEntry(userId: string, entryVideoId: string): Promise<ProcessingRun | undefined> {
      if (!isVideoId(entryVideoId)) return undefined;
      const [job] = await db
        .select()
        .from(processingRuns)
        .where(
          and(eq(processingRuns.entryVideoId, entryVideoId), eq(processingRuns.userId, userId)),
        );
      return job;
    },

    /** The finished job that made `outputVideoId` for this user, if any. */
    async findDoneByOutput(
      userId: string,
      outputVideoId: string,
    ): Promise<ProcessingRun | undefined> {
      const [job] = await db
        .select()
        .from(processingRuns)
        .where(
          and(
            eq(processingRuns.outputVideoId, outputVideoId),
            eq(processingRuns.userId, userId),
            eq(processingRuns.state, 'done'),
          ),
        );
      return job;
    },

    /**
     * Changes the job (and its entry row) unless it has left `onlyIn`; undefined when the job is
     * gone (cancelled) or in another state.
     */
    async update(
      id: string,
      changes: ProgressChanges & Partial<Pick<ProcessingRun, 'analysis' | 'selection' | 'attempt'>>,
      now: Date,
      onlyIn: ProcessingState[] = ACTIVE_STATES,
    ): Promise<ProcessingRun | undefined> {
      return db.transaction((tx) => change(tx as unknown as Database, id, changes, now, onlyIn));
    },

    /**
     * Takes a job for a run: from `queued`, or from a running state whose worker stopped beating
     * (updated before `staleBefore`: killed, or released for a retry). Atomic, so two workers never
     * run the same job.
     */
    async claim(
      id: string,
      from: ProcessingState[],
      running: ProcessingState,
      staleBefore: Date,
      percentageCompleted: number,
      now: Date,
    ): Promise<ProcessingRun | undefined> {
      if (!isVideoId(id)) return undefined;
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(processingRuns)
          .where(
            and(
              eq(processingRuns.id, id),
              inArray(processingRuns.state, from),
              or(eq(processingRuns.state, 'queued'), lt(processingRuns.updatedAt, staleBefore)),
            ),
          )
          .for('update');
        if (!current) return undefined;
        return change(
          tx as unknown as Database,
          id,
          { state: running, attempt: current.attempt + 1, percentageCompleted },
          now,
          from,
        );
      });
    },

    /** A running job's worker is alive. */
    async heartbeat(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(processingRuns)
        .set({ updatedAt: now })
        .where(
          and(eq(processingRuns.id, id), inArray(processingRuns.state, ['analysing', 'rendering'])),
        )
        .returning({ id: processingRuns.id });
      return rows.length > 0;
    },

    /** Lets the next attempt claim the job at once (this run failed and will be retried). */
    async release(id: string): Promise<void> {
      await db
        .update(processingRuns)
        .set({ updatedAt: new Date(0) })
        .where(eq(processingRuns.id, id));
    },

    /** The entry's error was shown to its owner. */
    async markErrorRead(entryVideoId: string, now: Date): Promise<void> {
      await db
        .update(processingRuns)
        .set({ errorAlreadyMarkedAsReaded: true, updatedAt: now })
        .where(eq(processingRuns.entryVideoId, entryVideoId));
    },

    /** Records the output's id before any of its objects is stored (a retry deletes them). */
    async reserveOutput(id: string, outputVideoId: string | null, now: Date): Promise<boolean> {
      const rows = await db
        .update(processingRuns)
        .set({ outputVideoId, updatedAt: now })
        .where(and(eq(processingRuns.id, id), inArray(processingRuns.state, ACTIVE_STATES)))
        .returning({ id: processingRuns.id });
      return rows.length > 0;
    },

    /**
     * A failed job starts again from `state` with fresh attempts, and its entry (unless its owner has
     * opened the error meanwhile) is in progress again, in one transaction; undefined when either
     * has moved on. Like `release`, the job may be claimed at once, from `rendering` too.
     */
    async restartFailed(
      id: string,
      restart: { state: 'queued' | 'rendering'; percentageCompleted: number },
      now: Date,
    ): Promise<ProcessingRun | undefined> {
      try {
        return await db.transaction(async (tx) => {
          const [job] = await tx
            .update(processingRuns)
            .set({ ...restart, errorMessage: '', attempt: 0, updatedAt: new Date(0) })
            .where(and(eq(processingRuns.id, id), eq(processingRuns.state, 'failed')))
            .returning();
          if (!job) return undefined;
          const [entry] = await tx
            .update(videos)
            .set({
              status: 'ready',
              errorMessage: '',
              percentageCompleted: restart.percentageCompleted,
              updatedAt: now,
            })
            .where(
              and(
                eq(videos.id, job.entryVideoId),
                eq(videos.status, 'failed'),
                eq(videos.errorAlreadyMarkedAsReaded, false),
              ),
            )
            .returning({ id: videos.id });
          if (!entry) throw new EntryMovedOn();
          return job;
        });
      } catch (error) {
        if (error instanceof EntryMovedOn) return undefined;
        throw error;
      }
    },

    /**
     * The output video row appears, the job is done and its entry leaves the in-progress list, in
     * one transaction; undefined (and no row) when the job was cancelled meanwhile.
     */
    async finish(id: string, output: typeof videos.$inferInsert & { id: string }, now: Date) {
      return db.transaction(async (tx) => {
        const job = await change(
          tx as unknown as Database,
          id,
          { state: 'done', percentageCompleted: 100, canSelectPlayers: false },
          now,
          ['analysing', 'rendering'],
        );
        if (!job) return undefined;
        const [video] = await tx.insert(videos).values(output).returning();
        return video;
      });
    },
  };
}

export type ProcessingRunsRepository = ReturnType<typeof createProcessingRunsRepository>;
