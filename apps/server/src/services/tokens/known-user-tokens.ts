import type { Clock } from '../clock.js';
import type { AccessTokenService } from './access-token.service.js';

/** How long an account found to exist is taken on trust before it is looked up again. */
const KNOWN_FOR_MS = 60_000;
const MAX_KNOWN = 10_000;

/**
 * Access tokens whose account exists: a token signed with the server's secret for an account that
 * was never made or is gone is refused like a forged one (401 everywhere), not a database error
 * later. An account found is remembered for a minute, so a browser's calls cost no extra query.
 */
export function withKnownUsers(
  tokens: AccessTokenService,
  options: { exists(userId: string): Promise<boolean>; clock: Clock },
): AccessTokenService {
  const knownUntil = new Map<string, number>();
  const now = () => options.clock().getTime();

  function remember(userId: string): void {
    if (knownUntil.size >= MAX_KNOWN) {
      const at = now();
      for (const [id, until] of knownUntil) if (until <= at) knownUntil.delete(id);
      if (knownUntil.size >= MAX_KNOWN) knownUntil.delete(knownUntil.keys().next().value as string);
    }
    knownUntil.set(userId, now() + KNOWN_FOR_MS);
  }

  return {
    issue: (subject) => tokens.issue(subject),
    async verify(token) {
      const claims = await tokens.verify(token);
      if (!claims) return undefined;
      if ((knownUntil.get(claims.userId) ?? 0) > now()) return claims;
      if (!(await options.exists(claims.userId))) return undefined;
      remember(claims.userId);
      return claims;
    },
  };
}
