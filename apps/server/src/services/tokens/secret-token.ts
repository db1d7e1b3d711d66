import { createHash, randomBytes } from 'node:crypto';

/** An opaque random token for links and refresh; only its hash is stored. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
