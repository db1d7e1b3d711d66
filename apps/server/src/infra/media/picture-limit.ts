import { ffprobePath, mediaInputArgs, MediaError, runProcess } from '@filmroom/vision/media';
import type { PictureLimit } from '@filmroom/contract';

interface Picture {
  width: number;
  height: number;
}

/** A video whose picture is past the configured limit; nothing of it has been decoded. */
export class PictureTooLargeError extends MediaError {
  constructor(
    readonly picture: Picture | undefined,
    readonly limit: PictureLimit,
  ) {
    super('NOT_MEDIA', 'The video picture is larger than the accepted size.');
    this.name = 'PictureTooLargeError';
  }
}

/** Whether `picture` fits the limit either way round (portrait films are as welcome as landscape). */
export function fitsPictureLimit(picture: Picture, limit: PictureLimit): boolean {
  const fits = (w: number, h: number) => w <= limit.width && h <= limit.height;
  return fits(picture.width, picture.height) || fits(picture.height, picture.width);
}

/** ffmpeg's words when a decoder refuses a picture past `-max_pixels`. */
const REFUSED_PICTURE = /Picture size (\d+)x(\d+) exceeds specified max pixel count/;

/**
 * Refuses a file whose video picture is past `limit`, reading what ffprobe can learn with its
 * decoders told to allocate no picture larger than the limit's pixel count: a 16000x12000 frame is
 * never decoded, so this step and every later one stay within the memory of the largest accepted
 * picture. A file ffprobe cannot read at all is left for the full probe to refuse.
 */
export async function assertPictureWithinLimit(
  file: string,
  limit: PictureLimit,
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  const result = await runProcess(
    ffprobePath(),
    [
      '-v',
      'error',
      '-max_pixels',
      String(limit.width * limit.height),
      '-select_streams',
      'v',
      '-show_entries',
      'stream=width,height',
      '-of',
      'json',
      ...mediaInputArgs(file),
    ],
    { signal: options.signal },
  );
  const refused = REFUSED_PICTURE.exec(result.stderr);
  if (refused) {
    throw new PictureTooLargeError(
      { width: Number(refused[1]), height: Number(refused[2]) },
      limit,
    );
  }
  if (result.code !== 0) return;
  let streams: Partial<Picture>[] = [];
  try {
    streams = (JSON.parse(result.stdout) as { streams?: Partial<Picture>[] }).streams ?? [];
  } catch {
    return;
  }
  for (const { width = 0, height = 0 } of streams) {
    if (!fitsPictureLimit({ width, height }, limit)) {
      throw new PictureTooLargeError({ width, height }, limit);
    }
  }
}
