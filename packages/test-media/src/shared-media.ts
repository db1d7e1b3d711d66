import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real development media (`../shared/media` beside the project root), or null when this clone has
 * none. SHARED_MEDIA_DIR overrides the search.
 */
export function findSharedMedia(): string | null {
  const configured = process.env.SHARED_MEDIA_DIR;
  if (configured) return existsSync(configured) ? configured : null;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'shared', 'media');
    if (existsSync(join(candidate, 'README.md'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/**
 * The folder of real development media (`../shared/media` beside the project root); SHARED_MEDIA_DIR
 * overrides. Throws when there is none: for benchmarks and films that need real footage.
 */
export function sharedMediaDir(): string {
  const dir = findSharedMedia();
  if (!dir) throw new Error('The shared media folder was not found; set SHARED_MEDIA_DIR.');
  return dir;
}

export interface SharedMediaForTests {
  /** Absolute path of the wanted file or folder, or null when the tests must skip. */
  path: string | null;
  /** One line saying why the tests are skipped (null when they run). */
  skipReason: string | null;
}

/**
 * For tests that read `../shared/media/<relative>`: skip with a one-line reason when it is absent,
 * except when REQUIRE_SHARED_MEDIA=1, where a missing folder is an error (the suite must not pass by
 * skipping). Use as `describe.skipIf(!media.path)(title(media), ...)`.
 */
export function sharedMediaForTests(relative: string): SharedMediaForTests {
  const root = findSharedMedia();
  const path = root ? join(root, relative) : null;
  if (path && existsSync(path)) return { path, skipReason: null };
  const reason = `shared media ${relative} not found (set SHARED_MEDIA_DIR or place ../shared/media)`;
  if (process.env.REQUIRE_SHARED_MEDIA === '1')
    throw new Error(`REQUIRE_SHARED_MEDIA=1: ${reason}`);
  return { path: null, skipReason: reason };
}

/** A test title that carries the skip reason when the media is absent. */
export function withSkipReason(title: string, media: SharedMediaForTests): string {
  return media.skipReason ? `${title} [skipped: ${media.skipReason}]` : title;
}
