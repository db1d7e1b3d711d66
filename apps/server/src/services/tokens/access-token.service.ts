import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../clock.js';

export interface AccessTokenSubject {
  userId: string;
  email: string;
  role: string;
}

export interface AccessTokenClaims {
  userId: string;
  email: string;
  roles: string[];
}

const ALGORITHM = 'HS256';

/** User ids are UUIDs; a token naming anything else is refused before it reaches the database. */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Short-lived HS256 JWTs with the payload the web reads: `{ email, role: [name], sub, exp }`. */
export function createAccessTokenService(options: {
  secret: string;
  ttlSeconds: number;
  clock: Clock;
}) {
  const key = new TextEncoder().encode(options.secret);
  return {
    async issue(subject: AccessTokenSubject): Promise<string> {
      const issuedAt = Math.floor(options.clock().getTime() / 1000);
      return new SignJWT({ email: subject.email, role: [subject.role] })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(subject.userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + options.ttlSeconds)
        .sign(key);
    },

    /** Undefined for a missing, forged, malformed or expired token. */
    async verify(token: string): Promise<AccessTokenClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          currentDate: options.clock(),
          requiredClaims: ['sub', 'exp'],
        });
        const roles = Array.isArray(payload.role) ? payload.role.map(String) : [];
        if (typeof payload.email !== 'string' || !payload.sub || !USER_ID.test(payload.sub)) {
          return undefined;
        }
        return { userId: payload.sub, email: payload.email, roles };
      } catch {
        return undefined;
      }
    },
  };
}

export type AccessTokenService = ReturnType<typeof createAccessTokenService>;
