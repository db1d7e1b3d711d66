import { useSyncExternalStore } from 'react';
import { readSecure, removeSecure, StorageKeys, writeSecure } from './secure-storage.js';

/** Auth data (spec §3). Signed-in means a token is present. */
export interface AuthData {
  token?: string;
  refreshToken?: string;
}

/** Why the last session ended: an explicit log-out lands on plain /login. */
export type SignOutReason = 'logout' | 'expired';

export interface SessionState {
  auth: AuthData;
  signOutReason?: SignOutReason;
}

const EMPTY_AUTH: AuthData = { token: undefined, refreshToken: undefined };

function isAuthData(value: unknown): value is AuthData {
  if (typeof value !== 'object' || value === null) return false;
  const { token, refreshToken } = value as Record<string, unknown>;
  return typeof token === 'string' && token !== '' && typeof refreshToken === 'string';
}

let state: SessionState = { auth: EMPTY_AUTH };
let loaded = false;
const listeners = new Set<() => void>();

function ensureLoaded(): void {
  if (loaded) return;
  loaded = true;
  state = { auth: readSecure(StorageKeys.auth, isAuthData) ?? EMPTY_AUTH };
}

function emit(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  ensureLoaded();
  return state;
}

export function getAuth(): AuthData {
  return getSession().auth;
}

export function isSignedIn(): boolean {
  return Boolean(getAuth().token);
}

export function saveAuth(auth: Required<AuthData>): void {
  ensureLoaded();
  writeSecure(StorageKeys.auth, auth);
  emit({ auth });
}

/** Clears the auth data only; remember-me is left as it is (spec §4). */
export function clearAuth(reason: SignOutReason): void {
  ensureLoaded();
  removeSecure(StorageKeys.auth);
  emit({ auth: EMPTY_AUTH, signOutReason: reason });
}

/** Re-reads storage; used at start-up and by tests that prepare storage first. */
export function reloadSession(): void {
  loaded = false;
  ensureLoaded();
  emit(state);
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
