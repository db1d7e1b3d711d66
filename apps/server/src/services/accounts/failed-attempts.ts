import type { Clock } from '../clock.js';

/** Past this many counters, the ones whose window has ended are dropped. */
const PRUNE_ABOVE = 10_000;

/**
 * Password checks per key (per user, per account, per client address), in fixed windows: each check
 * takes one attempt from every key it names *before* the password is hashed, and a right password
 * gives it back, so only wrong passwords use up a key's `max` and any number of checks sent at once
 * cannot hash more than that. In memory: each api instance counts on its own, as the per-address
 * limiter does.
 */
export function createFailedAttempts(options: { max: number; windowMs: number; clock: Clock }) {
  const counters = new Map<string, { attempts: number; endsAt: number }>();
  const now = (): number => options.clock().getTime();

  function attemptsOf(key: string): number {
    const counter = counters.get(key);
    if (!counter) return 0;
    if (counter.endsAt <= now()) {
      counters.delete(key);
      return 0;
    }
    return counter.attempts;
  }

  function prune(): void {
    if (counters.size <= PRUNE_ABOVE) return;
    const at = now();
    for (const [key, counter] of counters) if (counter.endsAt <= at) counters.delete(key);
  }

  return {
    /**
     * Takes one attempt from each of `keys`; false, taking nothing, when any of them has none left
     * in its window. Synchronous, so checks running at once cannot overshoot.
     */
    tryTake(keys: readonly string[]): boolean {
      if (keys.some((key) => attemptsOf(key) >= options.max)) return false;
      prune();
      for (const key of keys) {
        const attempts = attemptsOf(key);
        const endsAt = counters.get(key)?.endsAt ?? now() + options.windowMs;
        counters.set(key, { attempts: attempts + 1, endsAt });
      }
      return true;
    },

    /** The password was right: the attempt taken for it is given back. */
    giveBack(keys: readonly string[]): void {
      for (const key of keys) {
        const counter = counters.get(key);
        if (!counter) continue;
        if (counter.attempts <= 1) counters.delete(key);
        else counter.attempts -= 1;
      }
    },

    /** Forgets the keys' attempts (the account's password was reset by mail). */
    clear(keys: readonly string[]): void {
      for (const key of keys) counters.delete(key);
    },
  };
}

export type FailedAttempts = ReturnType<typeof createFailedAttempts>;
