import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of real development media (`../shared/media` beside the project root). SHARED_MEDIA_DIR
 * overrides; otherwise the first `shared/media` found walking up from this file.
 */
export function sharedMediaDir(): string {
  if (process.env.SHARED_MEDIA_DIR) return process.env.SHARED_MEDIA_DIR;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'shared', 'media');
    if (existsSync(join(candidate, 'README.md'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error('The shared media folder was not found; set SHARED_MEDIA_DIR.');
    dir = parent;
  }
}
