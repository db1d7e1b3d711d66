import type { Clock } from '../clock.js';

/** A video list as it is sent: made once, then shared by every request until the library changes. */
export interface ListSnapshot {
  readonly json: string;
}

/** Longest a list's media URLs are reused: they are signed to expire at the end of such a window. */
const MAX_SIGNING_WINDOW_SECONDS = 300;

/**
 * Keeps one of each user's video lists, as JSON, while their library version and the signing window
 * stay the same. Asking costs one primary-key read of the version instead of the list query, two HMACs per
 * video and the serialisation; concurrent requests of a list that is being made wait for that one.
 * The version moves with every write to the user's videos in any process (a database trigger), so a
 * list is never older than the request that reads it. Media URLs in a list are signed to expire at the
 * end of their window plus the usual lifetime, so each URL still lives at least that lifetime.
 */
export function createVideoListCache(options: {
  version: (userId: string) => Promise<number>;
  /** Makes the list, with media URLs (if it has any) that expire at `expiresAtSeconds`. */
  build: (userId: string, expiresAtSeconds: number) => Promise<string>;
  clock: Clock;
  urlTtlSeconds: number;
  /** Bound on the JSON kept, over all users; the least recently asked lists go first. */
  maxChars: number;
}) {
  const windowSeconds = Math.max(
    1,
    Math.min(MAX_SIGNING_WINDOW_SECONDS, Math.floor(options.urlTtlSeconds / 12)),
  );
  const entries = new Map<
    string,
    { stamp: string; snapshot: Promise<ListSnapshot>; chars: number }
  >();
  let keptChars = 0;

  function forget(userId: string): void {
    const entry = entries.get(userId);
    if (!entry) return;
    keptChars -= entry.chars;
    entries.delete(userId);
  }

  function keep(userId: string, entry: { stamp: string; snapshot: Promise<ListSnapshot> }): void {
    const kept = { ...entry, chars: 0 };
    entries.set(userId, kept);
    entry.snapshot.then(
      (snapshot) => {
        if (entries.get(userId) !== kept) return;
        kept.chars = snapshot.json.length;
        keptChars += kept.chars;
        for (const [oldest] of entries) {
          if (keptChars <= options.maxChars || oldest === userId) break;
          forget(oldest);
        }
      },
      () => {
        if (entries.get(userId) === kept) entries.delete(userId);
      },
    );
  }

  return {
    async get(userId: string): Promise<ListSnapshot> {
      const window = Math.floor(options.clock().getTime() / 1000 / windowSeconds);
      // read before the list: a write in between leaves a list newer than its stamp, never older
      const stamp = `${await options.version(userId)}:${window}`;
      const entry = entries.get(userId);
      if (entry?.stamp === stamp) {
        // most recently asked last, so eviction takes the least recently asked
        entries.delete(userId);
        entries.set(userId, entry);
        return entry.snapshot;
      }
      forget(userId);
      const expiresAt = (window + 1) * windowSeconds + options.urlTtlSeconds;
      const snapshot = options.build(userId, expiresAt).then((json) => ({ json }));
      keep(userId, { stamp, snapshot });
      return snapshot;
    },
  };
}

export type VideoListCache = ReturnType<typeof createVideoListCache>;
