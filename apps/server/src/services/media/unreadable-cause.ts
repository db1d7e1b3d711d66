import type { UnreadableVideoCause, FilmArrival } from '@filmroom/contract';

/** Media error codes (the vision package's MediaError) that the same film raises every time. */
const CAUSE_OF_CODE: Partial<Record<string, UnreadableVideoCause>> = {
  NOT_MEDIA: 'notAVideo',
  NO_VIDEO: 'noVideoTrack',
  EMPTY: 'noPicture',
  BAD_TIMING: 'badTiming',
};

/**
 * Why a film can never be processed, when `error` says so: a media error raised here or reported by
 * an engine process (both carry the code). Undefined for anything a second run may get past.
 */
export function unreadableCause(error: unknown): UnreadableVideoCause | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? CAUSE_OF_CODE[code] : undefined;
}

/** Where a video's film came from, as its messages name it. */
export function arrivalOf(video: { sourceUrl: string | null }): FilmArrival {
  return video.sourceUrl ? 'link' : 'upload';
}
