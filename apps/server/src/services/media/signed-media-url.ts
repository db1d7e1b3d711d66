import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { isSafeKey } from '../../infra/storage/storage-key.js';
import type { Clock } from '../clock.js';

export interface MediaGrant {
  key: string;
  /** When set, the file is served as a download under this name. */
  downloadName?: string;
}

export interface MediaUrlSigner {
  /** A path (under the API prefix) that serves `grant` until it expires; usable in <video src>/<a href>. */
  sign(grant: MediaGrant, ttlSeconds?: number): string;
  /** As `sign`, valid until the given time (seconds since the epoch), so that it can be made again. */
  signUntil(grant: MediaGrant, expiresAtSeconds: number): string;
  /** The grant for a request's key and query, or undefined when forged, altered or expired. */
  verify(encodedKey: string, query: Record<string, string | undefined>): MediaGrant | undefined;
}

export const MEDIA_ROUTE = '/media';

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/** HMAC-signed, expiring media URLs: storage stays private, links work without an Authorization header. */
export function createMediaUrlSigner(options: {
  secret: string;
  apiPrefix: string;
  clock: Clock;
  defaultTtlSeconds: number;
}): MediaUrlSigner {
  // One key object for every signature: a library list signs two URLs per video.
  const macKey = createSecretKey(Buffer.from(`media:${options.secret}`));
  const mac = (key: string, expires: string, downloadName: string): Buffer =>
    createHmac('sha256', macKey).update(`${key}\n${expires}\n${downloadName}`).digest();

  function build(grant: MediaGrant, expires: string): string {
    const downloadName = grant.downloadName ?? '';
    const sig = base64url(mac(grant.key, expires, downloadName));
    const path = `${options.apiPrefix}${MEDIA_ROUTE}/${base64url(grant.key)}`;
    if (!downloadName) {
      // digits and base64url need no escaping: the same string URLSearchParams would build
      return `${path}?exp=${expires}&sig=${sig}`;
    }
    const query = new URLSearchParams({ exp: expires, dl: downloadName, sig });
    return `${path}?${query.toString()}`;
  }

  return {
    sign(grant, ttlSeconds = options.defaultTtlSeconds) {
      const now = Math.floor(options.clock().getTime() / 1000);
      return build(grant, String(now + ttlSeconds));
    },

    signUntil(grant, expiresAtSeconds) {
      return build(grant, String(expiresAtSeconds));
    },

    verify(encodedKey, query) {
      const { exp, sig } = query;
      if (!exp || !sig || !/^\d+$/.test(exp)) return undefined;
      if (Number(exp) * 1000 < options.clock().getTime()) return undefined;
      const key = Buffer.from(encodedKey, 'base64url').toString('utf8');
      const downloadName = query.dl ?? '';
      const expected = mac(key, exp, downloadName);
      const given = Buffer.from(sig, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      // Even a correctly signed key (a leaked signing secret) never reaches outside storage.
      if (!isSafeKey(key)) return undefined;
      return downloadName ? { key, downloadName } : { key };
    },
  };
}
