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
