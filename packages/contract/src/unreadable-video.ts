/**
 * Why a film can never be processed, however often it is tried (beyond the spec): its card names
 * the cause and where the film came from, and offers no Retry (see retry.ts).
 */
export const UnreadableVideoCauses = {
  notAVideo: 'it is damaged or is not a video',
  noVideoTrack: 'it has no video track',
  noPicture: 'no picture in it can be decoded',
  badTiming: 'its timing is damaged (its frames claim to be hours apart)',
} as const;

export type UnreadableVideoCause = keyof typeof UnreadableVideoCauses;

/** Where the film came from: the user's upload, or a link. */
export type FilmArrival = 'upload' | 'link';

const ARRIVAL_WORDS: Record<FilmArrival, string> = { upload: 'uploaded', link: 'linked' };

/** "The uploaded video cannot be processed: it is damaged or is not a video." */
export function unreadableVideoMessage(arrival: FilmArrival, cause: UnreadableVideoCause): string {
  return `The ${ARRIVAL_WORDS[arrival]} video cannot be processed: ${UnreadableVideoCauses[cause]}.`;
}
