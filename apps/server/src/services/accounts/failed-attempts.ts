import type { Clock } from '../clock.js';

/** Past this many counters, the ones whose window has ended are dropped. */
const PRUNE_ABOVE = 10_000;

/**
 * Counts failed checks (a wrong password) per key, e.g. per user and per client address, in
 * fixed windows: once a key has failed `max` times in a window, further tries are refused until
 * the window ends. In memory: each api instance counts on its own, as the login limiter does.
 */
export function createFailedAttempts(options: { max: number; windowMs: number; clock: Clock }) {
  const counters = new Map<string, { failures: number; endsAt: number }>();
  const now = (): number => options.clock().getTime();

  function failuresOf(key: string): number {
    const counter = counters.get(key);
    if (!counter) return 0;
    if (counter.endsAt <= now()) {
      counters.delete(key);
      return 0;
    }
    return counter.failures;
  }

  function prune(): void {
    if (counters.size <= PRUNE_ABOVE) return;
    const at = now();
    for (const [key, counter] of counters) if (counter.endsAt <= at) counters.delete(key);
  }

  return {
    /** Whether any of `keys` has used up its failures in the current window. */
    isBlocked(keys: readonly string[]): boolean {
      return keys.some((key) => failuresOf(key) >= options.max);
    },

    recordFailure(keys: readonly string[]): void {
      prune();
      for (const key of keys) {
        const failures = failuresOf(key);
        const endsAt = counters.get(key)?.endsAt ?? now() + options.windowMs;
        counters.set(key, { failures: failures + 1, endsAt });
      }
    },
  };
}

export type FailedAttempts = ReturnType<typeof createFailedAttempts>;
