import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, fetch, type Response } from 'undici';
import { isAllowListed, isPublicAddress } from './address-policy.js';

/** The server refused to fetch a URL because its host resolves to a non-public address. */
export class RefusedDestinationError extends Error {
  constructor(readonly host: string) {
    super(`Refusing to connect to ${host}: not a public address`);
    this.name = 'RefusedDestinationError';
  }
}

export interface GuardedFetchOptions {
  /** Hosts or addresses exempt from the public-address rule (SSRF_ALLOW_HOSTS, tests only). */
  allowHosts: readonly string[];
  signal?: AbortSignal;
  maxRedirects?: number;
  headers?: Record<string, string>;
  /** GET when unset. A redirect is followed with GET and no body. */
  method?: string;
  body?: string;
}

/**
 * The address is checked when the socket connects, not before the request, so a DNS answer that
 * changes between check and use (rebinding) cannot slip through, and every redirect hop is checked too.
 */
export function guardedLookup(allowHosts: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const allowed = isAllowListed(hostname, allowHosts);
      const refused = addresses.find(
        (entry) =>
          !allowed && !isAllowListed(entry.address, allowHosts) && !isPublicAddress(entry.address),
      );
      if (refused || addresses.length === 0) {
        callback(new RefusedDestinationError(hostname), '', 0);
        return;
      }
      if (options.all) {
        (callback as unknown as (err: null, all: LookupAddress[]) => void)(null, addresses);
        return;
      }
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

/** Checks a literal IP host before connecting: lookup() is not consulted for literal addresses. */
export function assertLiteralHostAllowed(hostname: string, allowHosts: readonly string[]): void {
  const host = hostname.replace(/^\[|\]$/g, '');
  const isLiteral = /^[\d.]+$/.test(host) || host.includes(':');
  if (isLiteral && !isAllowListed(host, allowHosts) && !isPublicAddress(host)) {
    throw new RefusedDestinationError(host);
  }
}

/** fetch() for user-supplied URLs: http(s) only, public destinations only, bounded redirects. */
export async function guardedFetch(
  rawUrl: string,
  options: GuardedFetchOptions,
): Promise<Response> {
  const agent = new Agent({ connect: { lookup: guardedLookup(options.allowHosts) } });
  let url = new URL(rawUrl);
  const maxRedirects = options.maxRedirects ?? 5;
  for (let hop = 0; ; hop += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new RefusedDestinationError(url.protocol);
    }
    assertLiteralHostAllowed(url.hostname, options.allowHosts);
    let response: Response;
    try {
      response = await fetch(url, {
        dispatcher: agent,
        redirect: 'manual',
        signal: options.signal,
        headers: options.headers,
        ...(hop === 0 && options.method ? { method: options.method } : {}),
        ...(hop === 0 && options.body !== undefined ? { body: options.body } : {}),
      });
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof RefusedDestinationError) throw cause;
      throw error;
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (hop >= maxRedirects) throw new Error(`Too many redirects for ${rawUrl}`);
      url = new URL(location, url);
      continue;
    }
    return response;
  }
}
