import { readSecure, removeSecure, StorageKeys, writeSecure } from '../../../lib/secure-storage.js';

/**
 * Remember me keeps only the e-mail address, never the password: a password at rest in the
 * browser (even encrypted with a key derived in the same browser) is readable by any script on
 * the page, and the refresh token already keeps a session alive.
 */
interface RememberedLogin {
  email: string;
}

function isRememberedLogin(value: unknown): value is RememberedLogin {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).email === 'string'
  );
}

export function readRememberedEmail(): string | undefined {
  return readSecure(StorageKeys.rememberMe, isRememberedLogin)?.email;
}

export function rememberEmail(email: string): void {
  writeSecure(StorageKeys.rememberMe, { email });
}

export function forgetRememberedEmail(): void {
  removeSecure(StorageKeys.rememberMe);
}
