import { z } from 'zod';
import { UploadKind } from './enums.js';
import { sportFieldSchema, type Sport } from './sports.js';

/**
 * Resumable uploads (tus 1.0, beyond the spec): the browser sends a file in pieces that survive a
 * dropped connection or a reload, then asks for it to become a video as the spec's multipart upload
 * would have made it. Paths are relative to the API base URL.
 */
export const ResumableUploadPaths = {
  /** The tus endpoint: POST creates an upload, HEAD/PATCH/DELETE on `<base>/<uploadId>`. */
  base: '/uploads/resumable',
} as const;

/** Turns a finished resumable upload into a video (POST, body `ResumableCompleteRequest`). */
export function resumableCompletePath(uploadId: string): string {
  return `${ResumableUploadPaths.base}/${encodeURIComponent(uploadId)}/complete`;
}

/** The tus metadata keys the server reads (`Upload-Metadata`). */
export const ResumableMetadataKeys = { fileName: 'filename', contentType: 'filetype' } as const;

export const resumableCompleteRequestSchema = z.object({
  uploadKind: z.union([
    z.literal(UploadKind.Inactivity),
    z.literal(UploadKind.PlayerTracking),
    z.literal(UploadKind.VideoLibrary),
  ]),
  /** The film's sport for a tool's upload (beyond the spec, see sports.ts). */
  sport: sportFieldSchema.optional(),
});
export type ResumableCompleteRequest = Omit<
  z.input<typeof resumableCompleteRequestSchema>,
  'sport'
> & { sport?: Sport };

export const ResumableUploadMessages = {
  notFinished: 'The upload has not finished yet. Please resume it.',
  unknownUpload: 'This upload no longer exists. Please choose the file again.',
  /** 429: the user's unfinished uploads are at their cap (beyond the spec). */
  tooManyUnfinished:
    'You have too many unfinished uploads. Finish or remove one before starting another.',
  /** 429: the user's unfinished uploads would declare more bytes than their cap. */
  unfinishedTooLarge:
    'Your unfinished uploads are too large together. Finish or remove one before starting another.',
} as const;

/** A media type as browsers declare one ("text/plain"); anything else is not repeated to the user. */
const MEDIA_TYPE = /^[\w.+-]{1,60}\/[\w.+-]{1,60}$/;

/** 415 for a file ffprobe cannot read as a video, naming the type it was sent as. */
export function notAVideoMessage(contentType: string | undefined): string {
  const type = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  return MEDIA_TYPE.test(type)
    ? `This file is not a video we can read (${type})`
    : 'This file is not a video we can read';
}
