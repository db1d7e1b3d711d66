/** Why a media operation failed, as a closed list callers can switch on. */
export type MediaErrorCode =
  | 'NOT_FOUND'
  | 'NOT_MEDIA'
  | 'NO_VIDEO'
  | 'EMPTY'
  | 'BAD_TIMING'
  | 'ABORTED'
  | 'FFMPEG_FAILED'
  | 'BAD_ARGUMENT';

/** An error from the media layer; `detail` carries ffmpeg's own words for logs. */
export class MediaError extends Error {
  readonly code: MediaErrorCode;
  readonly detail: string | undefined;

  constructor(code: MediaErrorCode, message: string, detail?: string) {
    super(message);
    this.name = 'MediaError';
    this.code = code;
    this.detail = detail;
  }
}

export function abortError(): MediaError {
  return new MediaError('ABORTED', 'The operation was cancelled.');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof MediaError && error.code === 'ABORTED';
}
