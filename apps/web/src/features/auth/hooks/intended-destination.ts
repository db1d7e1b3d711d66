/**
 * Where a signed-out visitor was going. Protected routes send them to /login?from=<path>; the
 * login page keeps the path here and shows plain /login (spec §2), then returns there after login.
 */
const KEY = 'filmroom.intended-destination';

function isSafePath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/login');
}

export function keepIntendedDestination(path: string): void {
  if (isSafePath(path)) sessionStorage.setItem(KEY, path);
}

/** Returns and forgets the kept destination. */
export function takeIntendedDestination(): string | undefined {
  const path = sessionStorage.getItem(KEY) ?? undefined;
  sessionStorage.removeItem(KEY);
  return path && isSafePath(path) ? path : undefined;
}

export function safeDestination(path: string | null | undefined): string {
  return path && isSafePath(path) ? path : '/';
}
