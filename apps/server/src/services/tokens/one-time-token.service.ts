import type { OneTimeTokensRepository } from '../../infra/db/one-time-tokens.repository.js';
import type { OneTimeTokenKind } from '../../infra/db/schema.js';
import type { Clock } from '../clock.js';
import { hashToken, newSecretToken } from './secret-token.js';

/** How long each kind of link stays valid, from the configuration (hours and minutes). */
export function oneTimeTokenTtlMs(config: {
  activationTokenTtlHours: number;
  resetTokenTtlMinutes: number;
}): Record<OneTimeTokenKind, number> {
  return {
    activation: config.activationTokenTtlHours * 3_600_000,
    password_reset: config.resetTokenTtlMinutes * 60_000,
  };
}

/** Single-use, expiring tokens for e-mailed links; only the hash is stored. */
export function createOneTimeTokenService(options: {
  repository: OneTimeTokensRepository;
  ttlMs: Record<OneTimeTokenKind, number>;
  clock: Clock;
}) {
  const { repository, clock } = options;
  return {
    async issue(userId: string, kind: OneTimeTokenKind): Promise<string> {
      const token = newSecretToken();
      const now = clock();
      await repository.replace({
        userId,
        kind,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + options.ttlMs[kind]),
        now,
      });
      return token;
    },

    /** The owner's id, or undefined for an unknown, expired or already used token. */
    async consume(kind: OneTimeTokenKind, token: string): Promise<string | undefined> {
      if (!token) return undefined;
      return repository.consume(kind, hashToken(token), clock());
    },

    /** The owner's id whether or not the token was used or expired; undefined for an unknown one. */
    async ownerOf(kind: OneTimeTokenKind, token: string): Promise<string | undefined> {
      if (!token) return undefined;
      return repository.ownerOf(kind, hashToken(token));
    },
  };
}

export type OneTimeTokenService = ReturnType<typeof createOneTimeTokenService>;
