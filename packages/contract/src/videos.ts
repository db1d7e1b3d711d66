import { z } from 'zod';
import {
  VideoType as VideoTypes,
  type TeamLetter,
  type UploadKind,
  type VideoType,
} from './enums.js';
import { sportFieldSchema, type Sport } from './sports.js';
import type { Tool } from './tools.js';

/** A stretch of a video in seconds of that video's own timeline (start inclusive, end exclusive). */
export interface VideoChapter {
  start: number;
  end: number;
}

/** Which tool made a library video, and from how long a film (beyond the spec). */
export interface VideoOrigin {
  tool: Tool;
  /** Length of the film the tool ran on, in seconds. */
  sourceDurationSec: number;
}

/** The team and players a Player Tracking output follows (beyond the spec). */
export interface ChosenPlayers {
  /** The team's letter in the analysis ("A"). */
  teamLetter: TeamLetter;
  /** The team's shirt colour as the Select Players dialog named it ("white"). */
  teamColour: string;
  /** The chosen numbers, in the order they were chosen (each box's colour follows it). */
  numbers: number[];
  /** How many players were picked by their photo (no number), after the numbered ones. */
  byPhoto?: number;
}

/** A library video (spec §3). `isSelected` is UI-only and never sent by the server. */
export interface LibraryVideo {
  id: string;
  title: string;
  description: string;
  notes: string;
  url: string;
  thumbnailUrl: string;
  date: string;
  type: VideoType;
  canSelectPlayers: boolean;
  /** Length in seconds once the server has probed the file (beyond the spec). */
  durationSec?: number;
  /** Set on a tool's output only: the tool and the length of its source (beyond the spec). */
  madeBy?: VideoOrigin;
  /**
   * A tool's output only: each kept play (Inactivity Filter) or player clip (Player Tracking) as it
   * lies in this video, in order, so a player can mark and step between them (beyond the spec).
   */
  chapters?: VideoChapter[];
  /** A Player Tracking output only: the team and numbers it follows (beyond the spec). */
  chosenPlayers?: ChosenPlayers;
  /**
   * An Inactivity Filter output whose cuts the coach can review (beyond the spec): present when its
   * analysis is kept; `saving` while reviewed cuts are being rendered into it.
   */
  cutReview?: { saving: boolean };
}

/** A video being processed (spec §3). */
export interface InProgressVideo {
  id: string;
  type: VideoType;
  title: string;
  date: string;
  percentageCompleted: number;
  canSelectPlayers: boolean;
  errorMessage: string;
  errorAlreadyMarkedAsReaded: boolean;
  /** A failed video that a second run may get past offers Retry (beyond the spec). */
  canRetry?: boolean;
  /**
   * Set only while the run waits for a worker: how many runs are queued before it (beyond the spec).
   * The card says 'Queued' instead of a percentage until a worker takes it.
   */
  jobsAhead?: number;
}

export interface VideosResponse<T> {
  videos: T[];
}

export interface UploadProgress {
  progress: number;
  uploadedData: number;
  totalData: number;
}

export type { UploadKind };

/** Process a library video (POST processing/library). `videoType` is Inactivity or PlayerTracking. */
export interface ProcessLibraryVideoRequest {
  videoType: VideoType;
  videoId: string;
  /** The film's sport (beyond the spec); absent: the user's remembered choice. */
  sport?: Sport;
}

/** Import an iCloud shared-file link (copy-from-cloud); the library variant sends `url` alone. */
export interface CopyFromCloudRequest {
  videoType?: VideoType;
  url: string;
  /** The film's sport when a tool runs on it (beyond the spec); absent: the remembered choice. */
  sport?: Sport;
}

/** Import a YouTube, Hudl or Instagram Reel link; the library variant sends `videoUrl` alone. */
export interface PlatformLinkRequest {
  videoType?: VideoType;
  videoUrl: string;
  /** The film's sport when a tool runs on it (beyond the spec); absent: the remembered choice. */
  sport?: Sport;
}

/** Library uploads and imports answer the new library video. */
export type LibraryUploadResponse = LibraryVideo;

/** Processing uploads and imports answer the video being processed. */
export type ProcessingUploadResponse = InProgressVideo;

/** PUT edit-video (spec §3 edit payload). */
export interface EditVideoRequest {
  videoId: string;
  title: string;
  description: string;
  notes: string;
}

/** Bodies that name one video (error-notification-readed). */
export interface VideoIdRequest {
  videoId: string;
}

/** GET direct-download-video answers a URL the browser downloads. */
export interface DirectDownloadResponse {
  downloadUrl: string;
}

// --- Request schemas (zod) for the video endpoints; the spec's field rules run in the services. ---

const videoId = z.string().trim().min(1);
const requestedType = z.union([
  z.literal(VideoTypes.Inactivity),
  z.literal(VideoTypes.PlayerTracking),
]);

/** An unknown sport is refused with its own message (`sportFieldSchema`), not as a bad body. */
const sport = sportFieldSchema.optional();

export const processLibraryVideoRequestSchema = z.object({
  videoType: requestedType,
  videoId,
  sport,
});

export const copyFromCloudRequestSchema = z.object({
  videoType: requestedType.optional(),
  url: z.string().default(''),
  sport,
});

export const platformLinkRequestSchema = z.object({
  videoType: requestedType.optional(),
  videoUrl: z.string().default(''),
  sport,
});

export const editVideoRequestSchema = z.object({
  videoId,
  title: z.string().default(''),
  description: z.string().default(''),
  notes: z
    .string()
    .nullish()
    .transform((notes) => notes ?? ''),
});

export const videoIdRequestSchema = z.object({ videoId });

/** `?videoId=` of delete-video, direct-download-video and delete-in-progress-video. */
export const videoIdQuerySchema = z.object({ videoId });

/** 413 for an upload over the server's limit (MAX_UPLOAD_BYTES). */
export function uploadTooLargeMessage(maxBytes: number): string {
  const gb = maxBytes / 1024 ** 3;
  const mb = maxBytes / 1024 ** 2;
  const limit =
    gb >= 1 ? `${Number(gb.toFixed(1))} GB` : `${Number(Math.max(mb, 0.01).toFixed(2))} MB`;
  return `The video is larger than the upload limit of ${limit}.`;
}

/** 400 for a multipart upload without a file in the `video` field. */
export const NO_VIDEO_FILE_MESSAGE = 'No video file was sent.';

/** 400s for a file upload whose multipart body cannot be taken as one video. */
export const UploadMessages = {
  oneFileOnly: 'Send one video file per upload.',
  tooManyParts: 'The upload has too many form fields. Send only the video file.',
  notMultipart: 'The upload is not a valid multipart form. Send the video in the "video" field.',
  cutShort: 'The upload ended before the whole video arrived. Please try again.',
  stalled: 'The upload stopped sending data and was cancelled. Please try again.',
  tooManyAtOnce: 'You have too many uploads in progress. Wait for one to finish, then try again.',
} as const;

/** The largest picture a video may have, either way round (MAX_VIDEO_WIDTH x MAX_VIDEO_HEIGHT). */
export interface PictureLimit {
  width: number;
  height: number;
}

/** 415 for a video whose picture is larger than the server accepts (it would not be decoded). */
export function pictureTooLargeMessage(
  picture: PictureLimit | undefined,
  limit: PictureLimit,
): string {
  const size = picture ? ` (${picture.width}x${picture.height})` : '';
  return `The video's picture${size} is larger than the ${limit.width}x${limit.height} pixels we accept.`;
}
