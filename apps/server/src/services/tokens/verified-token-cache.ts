import { decodeJwt } from 'jose';
import type { Clock } from '../clock.js';
import type { AccessTokenClaims, AccessTokenService } from './access-token.service.js';

interface Verified {
  claims: AccessTokenClaims;
  /** The token's `exp` claim, in seconds since the epoch. */
  expires: number;
}

/**
 * Remembers access tokens that passed a full check, until they expire: a browser sends the same
 * token with every call of its 15-minute life, and checking its signature again each time was a
 * measurable share of a cheap call such as the library list. Only a token string that verified is
 * ever remembered, and its expiry is still compared with the clock on every call, so a remembered
 * token is refused exactly when a full check would refuse it. A plain Map bounded by insertion order
 * is enough: entries only need to be forgotten, not ranked.
 */
export function withVerifiedTokenCache(
  tokens: AccessTokenService,
  options: { clock: Clock; maxEntries?: number },
): AccessTokenService {
  const maxEntries = options.maxEntries ?? 10_000;
  const verified = new Map<string, Verified>();

  const nowSeconds = () => Math.floor(options.clock().getTime() / 1000);

  function remember(token: string, claims: AccessTokenClaims): void {
    const { exp } = decodeJwt(token);
    if (typeof exp !== 'number') return;
    if (verified.size >= maxEntries) {
      const now = nowSeconds();
      for (const [key, entry] of verified) {
        if (entry.expires <= now) verified.delete(key);
      }
      // all still valid: forget the oldest
      if (verified.size >= maxEntries) verified.delete(verified.keys().next().value as string);
    }
    verified.set(token, { claims, expires: exp });
  }

  return {
    issue: (subject) => tokens.issue(subject),

    async verify(token) {
      const known = verified.get(token);
      if (known) {
        // the rule of a full check: the token is valid while its exp is after the current second
        if (known.expires > nowSeconds()) return known.claims;
        verified.delete(token);
        return undefined;
      }
      const claims = await tokens.verify(token);
      if (claims) remember(token, claims);
      return claims;
    },
  };
}
