import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from './database.js';
import { refreshTokens } from './schema.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export interface NewRefreshToken {
  userId: string;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
}

export type RotationResult =
  | { outcome: 'rotated'; userId: string }
  | { outcome: 'unknown' | 'expired' }
  | { outcome: 'reused'; userId: string; familyId: string };

export function createRefreshTokensRepository(db: Database) {
  return {
    async insert(values: NewRefreshToken): Promise<void> {
      await db.insert(refreshTokens).values(values);
    },

    /**
     * Replaces the presented token by `next` in one transaction. A token that was already
     * replaced or revoked is a reuse: the caller revokes its whole family.
     */
    async rotate(
      tokenHash: string,
      next: Omit<NewRefreshToken, 'userId' | 'familyId'>,
      now: Date,
    ): Promise<RotationResult> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, tokenHash))
          .limit(1)
          .for('update');
        if (!current) return { outcome: 'unknown' };
        if (current.revokedAt) {
          return { outcome: 'reused', userId: current.userId, familyId: current.familyId };
        }
        if (current.expiresAt <= now) return { outcome: 'expired' };
        const [inserted] = await tx
          .insert(refreshTokens)
          .values({ ...next, userId: current.userId, familyId: current.familyId })
          .returning({ id: refreshTokens.id });
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now, replacedById: inserted?.id })
          .where(eq(refreshTokens.id, current.id));
        return { outcome: 'rotated', userId: current.userId };
      });
    },

    async revokeFamily(familyId: string, now: Date): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    /** Revokes every live token of the family the token with this hash belongs to (any state). */
    async revokeFamilyOfToken(tokenHash: string, now: Date): Promise<void> {
      const family = db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(inArray(refreshTokens.familyId, family), isNull(refreshTokens.revokedAt)));
    },

    async revokeAllOfUser(userId: string, now: Date): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
  };
}

export type RefreshTokensRepository = ReturnType<typeof createRefreshTokensRepository>;
