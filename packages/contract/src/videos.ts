import type { UploadKind, VideoType } from './enums.js';

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
}

/** Import an iCloud shared-file link (copy-from-cloud); the library variant sends `url` alone. */
export interface CopyFromCloudRequest {
  videoType?: VideoType;
  url: string;
}

/** Import a YouTube, Hudl or Instagram Reel link; the library variant sends `videoUrl` alone. */
export interface PlatformLinkRequest {
  videoType?: VideoType;
  videoUrl: string;
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
