import type { Clock } from '../clock.js';

/** How long an address that signed in to an account stays known for it. */
const REMEMBERED_FOR_MS = 30 * 24 * 3600 * 1000;
const MAX_REMEMBERED = 100_000;

/**
 * The client addresses (see clientAddressKey) each account signed in from, in memory: an account's
 * own limit on wrong passwords does not apply to them, so guesses from elsewhere cannot lock its
 * owner out where they usually sign in.
 */
export function createSignInAddresses(options: { clock: Clock }) {
  const until = new Map<string, number>();
  const now = () => options.clock().getTime();
  const keyOf = (account: string, address: string) => `${account}\n${address}`;

  return {
    has(account: string, address: string): boolean {
      return (until.get(keyOf(account, address)) ?? 0) > now();
    },
    remember(account: string, address: string): void {
      const key = keyOf(account, address);
      until.delete(key);
      if (until.size >= MAX_REMEMBERED) until.delete(until.keys().next().value as string);
      until.set(key, now() + REMEMBERED_FOR_MS);
    },
  };
}

export type SignInAddresses = ReturnType<typeof createSignInAddresses>;
