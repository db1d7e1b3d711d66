import { randomUUID } from 'node:crypto';
import { ErrorNumber, Messages } from '@filmroom/contract';
import type { RefreshTokensRepository } from '../../infra/db/refresh-tokens.repository.js';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import { hashToken, newSecretToken } from './secret-token.js';

const DAY_MS = 86_400_000;

const invalidRefreshToken = () =>
  new AppError(401, Messages.refreshTokenInvalid, ErrorNumber.RefreshTokenIsInvalidOrExpired);

/**
 * Opaque refresh tokens in families: each login starts a family, each refresh replaces the
 * token, and presenting a replaced token again revokes the family (it was copied).
 */
export function createRefreshTokenService(options: {
  repository: RefreshTokensRepository;
  ttlDays: number;
  clock: Clock;
}) {
  const { repository, clock } = options;
  const expiry = (now: Date) => new Date(now.getTime() + options.ttlDays * DAY_MS);

  return {
    /** Starts a new family for a fresh sign-in. */
    async startFamily(userId: string): Promise<string> {
      const token = newSecretToken();
      await repository.insert({
        userId,
        familyId: randomUUID(),
        tokenHash: hashToken(token),
        expiresAt: expiry(clock()),
      });
      return token;
    },

    /** The new token and its owner; 401 errorNumber 4 for unknown, expired or reused tokens. */
    async rotate(presented: string): Promise<{ userId: string; refreshToken: string }> {
      if (!presented) throw invalidRefreshToken();
      const now = clock();
      const token = newSecretToken();
      const result = await repository.rotate(
        hashToken(presented),
        { tokenHash: hashToken(token), expiresAt: expiry(now) },
        now,
      );
      if (result.outcome === 'reused') await repository.revokeFamily(result.familyId, now);
      if (result.outcome !== 'rotated') throw invalidRefreshToken();
      return { userId: result.userId, refreshToken: token };
    },

    /** Ends the session (family) the token belongs to; unknown or already ended tokens are a no-op. */
    async revokeFamilyOf(presented: string): Promise<void> {
      if (!presented) return;
      await repository.revokeFamilyOfToken(hashToken(presented), clock());
    },

    async revokeAllOfUser(userId: string): Promise<void> {
      await repository.revokeAllOfUser(userId, clock());
    },
  };
}

export type RefreshTokenService = ReturnType<typeof createRefreshTokenService>;
