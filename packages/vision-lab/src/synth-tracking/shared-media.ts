import { findSharedMedia } from '../testing/shared-media.js';

/**
 * The folder of real development media (`../shared/media` beside the project root); SHARED_MEDIA_DIR
 * overrides. Throws when there is none: for benchmarks and films that need real footage.
 */
export function sharedMediaDir(): string {
  const dir = findSharedMedia();
  if (!dir) throw new Error('The shared media folder was not found; set SHARED_MEDIA_DIR.');
  return dir;
}
