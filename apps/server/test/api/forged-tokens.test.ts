import { ApiPaths, Messages } from '@filmroom/contract';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/setup-api.js';
import { json } from '../helpers/test-app.js';

const ctx = useTestApp();

/** An access token signed with the server's own secret, naming `sub` as its user. */
function signedToken(sub: string): Promise<string> {
  const key = new TextEncoder().encode(ctx.testApp.config.jwtSecret);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: 'forged@example.com', role: ['Player'] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(key);
}

describe('access tokens signed with the secret but naming no user id', () => {
  it.each(['not-a-uuid', "1' OR '1'='1", 'x'.repeat(5000), '00000000-0000-0000-0000-00000000000g'])(
    'answer 401, never 500 (subject %#)',
    async (sub) => {
      const token = await signedToken(sub);
      for (const path of [ApiPaths.myProfile, ApiPaths.libraryVideos, ApiPaths.emailPreferences]) {
        const response = await ctx.api.get(path, token);
        expect(response.statusCode).toBe(401);
        expect(json(response).message).toBe(Messages.unauthorized);
      }
    },
  );
});
