import { clearAuth, type SignOutReason } from './session.js';

type CacheClearer = () => void;
let clearCache: CacheClearer = () => undefined;

/** The app registers how to drop cached data (query cache, video lists) on sign-out. */
export function registerCacheClearer(clearer: CacheClearer): void {
  clearCache = clearer;
}

/** Signs out: auth data and cached data go, remember-me stays (spec §4). */
export function signOut(reason: SignOutReason): void {
  clearAuth(reason);
  clearCache();
}
