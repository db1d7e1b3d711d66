import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from './database.js';
import { oneTimeTokens, type OneTimeTokenKind } from './schema.js';

export function createOneTimeTokensRepository(db: Database) {
  return {
    /** Stores a new token and retires the user's earlier unused ones of the same kind. */
    async replace(values: {
      userId: string;
      kind: OneTimeTokenKind;
      tokenHash: string;
      expiresAt: Date;
      now: Date;
    }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(oneTimeTokens)
          .set({ usedAt: values.now })
          .where(
            and(
              eq(oneTimeTokens.userId, values.userId),
              eq(oneTimeTokens.kind, values.kind),
              isNull(oneTimeTokens.usedAt),
            ),
          );
        await tx.insert(oneTimeTokens).values({
          userId: values.userId,
          kind: values.kind,
          tokenHash: values.tokenHash,
          expiresAt: values.expiresAt,
        });
      });
    },

    /** Marks a valid token used in one statement, so two concurrent uses cannot both succeed. */
    async consume(
      kind: OneTimeTokenKind,
      tokenHash: string,
      now: Date,
    ): Promise<string | undefined> {
      const [row] = await db
        .update(oneTimeTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(oneTimeTokens.tokenHash, tokenHash),
            eq(oneTimeTokens.kind, kind),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, now),
          ),
        )
        .returning({ userId: oneTimeTokens.userId });
      return row?.userId;
    },

    /** Whose token this is, used or not: e.g. to tell an activation link opened twice apart. */
    async ownerOf(kind: OneTimeTokenKind, tokenHash: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: oneTimeTokens.userId })
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.kind, kind)))
        .limit(1);
      return row?.userId;
    },
  };
}

export type OneTimeTokensRepository = ReturnType<typeof createOneTimeTokensRepository>;
