import { jwtDecode } from 'jwt-decode';
import type { AccessTokenPayload } from '@filmroom/contract';

/** Seconds of slack so a token about to expire in flight is refreshed first. */
const EXPIRY_SKEW_SECONDS = 5;

export function decodeAccessToken(token: string): Partial<AccessTokenPayload> | undefined {
  try {
    return jwtDecode<Partial<AccessTokenPayload>>(token);
  } catch {
    return undefined;
  }
}

export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const exp = decodeAccessToken(token)?.exp;
  if (typeof exp !== 'number') return true;
  return exp - EXPIRY_SKEW_SECONDS <= now / 1000;
}

export function rolesOf(token: string | undefined): string[] {
  if (!token) return [];
  const role = decodeAccessToken(token)?.role as unknown;
  if (Array.isArray(role)) return role.filter((item): item is string => typeof item === 'string');
  return typeof role === 'string' ? [role] : [];
}

export function emailOf(token: string | undefined): string {
  if (!token) return '';
  const email = decodeAccessToken(token)?.email;
  return typeof email === 'string' ? email : '';
}
