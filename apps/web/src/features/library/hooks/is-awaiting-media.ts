import type { LibraryVideo } from '@filmroom/contract';

/** How long after its creation a video without a thumbnail is still expected to get one. */
export const MEDIA_WAIT_MS = 15 * 60 * 1000;

/**
 * A video just uploaded or imported gets its thumbnail (and, for links, its file) from the server's
 * ingest a little later; until then the library keeps refreshing. Old videos without one never will.
 */
export function isAwaitingMedia(
  video: Pick<LibraryVideo, 'thumbnailUrl' | 'date' | 'cutReview'>,
  now: number,
) {
  // reviewed cuts being rendered into the video: its length and plays change when they are done
  if (video.cutReview?.saving) return true;
  if (video.thumbnailUrl) return false;
  const created = Date.parse(video.date);
  return Number.isFinite(created) && now - created < MEDIA_WAIT_MS;
}
