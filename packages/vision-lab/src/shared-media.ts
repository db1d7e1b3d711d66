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
