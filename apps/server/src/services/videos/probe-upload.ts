import { MediaError, probeVideo, type MediaInfo } from '@filmroom/vision';

/**
 * ffprobe reads plain text as "tty" art and a single picture as a one-frame video; neither is a film
 * the user can watch, so both count as "not a video".
 */
const NOT_A_FILM = /(^|,)(tty|image2|[a-z0-9]+_pipe|lrc|srt|ass|webvtt)(,|$)/;

/** probeVideo, plus the formats that are technically decodable but not videos. */
export async function probeUploadedVideo(
  file: string,
  options: { signal?: AbortSignal } = {},
): Promise<MediaInfo> {
  const info = await probeVideo(file, options);
  if (NOT_A_FILM.test(info.formatName)) {
    throw new MediaError('NOT_MEDIA', `Not a video container: ${info.formatName}`);
  }
  return info;
}
