import secureLocalStorage from 'react-secure-storage';

/** Encrypted browser storage (spec §3: auth data and remember-me live in encrypted storage). */
export const StorageKeys = {
  auth: 'auth',
  rememberMe: 'remember-me',
} as const;
export type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys];

/**
 * Returns the stored value when it passes `isValid`. Data that cannot be decrypted or has the
 * wrong shape is removed with a warning, and `undefined` is returned (spec §4).
 */
export function readSecure<T>(
  key: StorageKey,
  isValid: (value: unknown) => value is T,
): T | undefined {
  let value: unknown;
  try {
    value = secureLocalStorage.getItem(key);
  } catch (error) {
    value = error;
  }
  if (value === null || value === undefined) {
    if (hasRawEntry(key)) return discard(key);
    return undefined;
  }
  if (!isValid(value)) return discard(key);
  return value;
}

export function writeSecure(key: StorageKey, value: object): void {
  secureLocalStorage.setItem(key, value);
}

export function removeSecure(key: StorageKey): void {
  secureLocalStorage.removeItem(key);
  removeRawEntries(key);
}

function discard(key: StorageKey): undefined {
  console.warn(`Stored "${key}" data could not be read and was removed.`);
  removeSecure(key);
  return undefined;
}

/** The library keeps the value's type letter in the key (`<prefix>.j.<key>`). */
function rawKeysOf(key: StorageKey): string[] {
  const keys: string[] = [];
  for (let index = 0; index < localStorage.length; index += 1) {
    const candidate = localStorage.key(index);
    if (candidate && new RegExp(`\\.[bjns]\\.${key}$`).test(candidate)) keys.push(candidate);
  }
  return keys;
}

function hasRawEntry(key: StorageKey): boolean {
  return rawKeysOf(key).length > 0;
}

function removeRawEntries(key: StorageKey): void {
  for (const raw of rawKeysOf(key)) localStorage.removeItem(raw);
}
