const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** Keys are made by the server, but a bad one must never escape the storage root or bucket prefix. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
