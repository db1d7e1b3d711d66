import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findSharedMedia } from '../shared-media.js';

export { findSharedMedia };

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
