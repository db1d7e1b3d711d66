const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** Whether `key` stays inside the storage root or bucket prefix. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.split('/').some((part) => part === '..' || part === '');
}

/** Keys are made by the server, but a bad one must never escape the storage root or bucket prefix. */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}
