import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { pendingUploads, users } from './schema.js';

/** Why a resumable upload was not recorded. */
export type PendingUploadRefusal = 'too-many' | 'too-many-bytes';

/** Resumable uploads begun and not finished, per user (see schema.pendingUploads). */
export function createPendingUploadsRepository(db: Database) {
  return {
    /**
     * Records the upload unless its user already has `cap.count` unfinished uploads or theirs would
     * then declare more than `cap.bytes`. The user's row is locked for the check, so creations sent
     * at once (to any api instance) cannot all take the last place.
     */
    async reserve(
      upload: { uploadId: string; userId: string; declaredBytes: number },
      cap: { count: number; bytes: number },
    ): Promise<PendingUploadRefusal | undefined> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, upload.userId))
          .for('update');
        const [held] = await tx
          .select({
            count: sql<number>`count(*)::int`,
            bytes: sql<string>`coalesce(sum(${pendingUploads.declaredBytes}), 0)::text`,
          })
          .from(pendingUploads)
          .where(eq(pendingUploads.userId, upload.userId));
        if ((held?.count ?? 0) >= cap.count) return 'too-many';
        if (Number(held?.bytes ?? 0) + upload.declaredBytes > cap.bytes) return 'too-many-bytes';
        await tx.insert(pendingUploads).values(upload).onConflictDoNothing();
        return undefined;
      });
    },

    /** The upload became a video, was given up or expired. */
    async release(uploadId: string): Promise<void> {
      await db.delete(pendingUploads).where(eq(pendingUploads.uploadId, uploadId));
    },

    /** Forgets uploads begun before `before` (their files are removed by the store's expiry). */
    async releaseBegunBefore(before: Date): Promise<number> {
      const gone = await db
        .delete(pendingUploads)
        .where(lt(pendingUploads.createdAt, before))
        .returning({ id: pendingUploads.uploadId });
      return gone.length;
    },
  };
}

export type PendingUploadsRepository = ReturnType<typeof createPendingUploadsRepository>;
