import {
  ResumableMetadataKeys,
  ResumableUploadMessages,
  type InProgressVideo,
  type LibraryVideo,
  type Sport,
  type Tool,
} from '@filmroom/contract';
import type { Locker } from '@tus/utils';
import type { PendingUploadsRepository } from '../../infra/db/pending-uploads.repository.js';
import type { ResumableUploadStore } from '../../infra/storage/resumable-upload-store.js';
import { AppError } from '../errors.js';
import type { VideoIntakeService } from './video-intake.service.js';

/**
 * Turns a finished resumable upload into a video exactly as the multipart upload does (ffprobe
 * first; a file that is not a video is refused and removed). The upload's id becomes the video's,
 * so a completion repeated after a lost answer returns the same video. The completion holds the
 * upload's tus lock, so two completions (on any api instances) never store the same video twice.
 */
export function createResumableUploadService(deps: {
  uploads: ResumableUploadStore;
  locker: Locker;
  intake: VideoIntakeService;
  /** This process's folder for temporary files (a finished upload fetched from the bucket). */
  tmpDir: string;
  pending: PendingUploadsRepository;
  /** A user's unfinished uploads at most, and the bytes they may declare together. */
  pendingCap: { count: number; bytes: number };
  /** What an upload that defers its length counts as (the upload limit). */
  maxUploadBytes: number;
}) {
  const { uploads, intake, pending } = deps;

  /** The upload's bytes and record go, and so does its place among the user's unfinished ones. */
  const forget = async (uploadId: string): Promise<void> => {
    await uploads.forget(uploadId);
    await pending.release(uploadId);
  };

  const earlierOrUnknown = async (userId: string, uploadId: string) => {
    const earlier = await intake.uploadedVideo(userId, uploadId);
    if (earlier) return earlier;
    throw new AppError(404, ResumableUploadMessages.unknownUpload);
  };

  return {
    /**
     * A new upload takes a place among its user's unfinished uploads; 429 when they have no place
     * left, or their declared bytes would pass the cap.
     */
    async begin(
      userId: string,
      uploadId: string,
      declaredBytes: number | undefined,
    ): Promise<void> {
      const refused = await pending.reserve(
        { uploadId, userId, declaredBytes: declaredBytes ?? deps.maxUploadBytes },
        deps.pendingCap,
      );
      if (refused === 'too-many')
        throw new AppError(429, ResumableUploadMessages.tooManyUnfinished);
      if (refused === 'too-many-bytes') {
        throw new AppError(429, ResumableUploadMessages.unfinishedTooLarge);
      }
    },

    /** The upload was removed (tus termination): its place is free. */
    ended: (uploadId: string) => pending.release(uploadId),

    async complete(
      userId: string,
      uploadId: string,
      /** The tool the new entry asks for (the route's reading of the spec's code); null: the library. */
      tool: Tool | null,
      /** The film's sport (beyond the spec), as the route parsed it: an unknown one never gets here. */
      sport?: Sport,
    ): Promise<LibraryVideo | InProgressVideo> {
      const seen = await uploads.find(uploadId);
      if (!seen) return earlierOrUnknown(userId, uploadId);
      if (seen.owner !== userId) throw new AppError(404, ResumableUploadMessages.unknownUpload);
      if (seen.size === undefined || seen.offset < seen.size) {
        throw new AppError(409, ResumableUploadMessages.notFinished);
      }
      const lock = deps.locker.newLock(`${uploads.idPrefix}${uploadId}`);
      try {
        // Not given up for anyone: a request wanting the upload meanwhile waits or times out.
        await lock.lock(new AbortController().signal, () => undefined);
      } catch {
        throw new AppError(409, ResumableUploadMessages.notFinished);
      }
      try {
        // Another completion may have finished while this one waited.
        const upload = await uploads.find(uploadId);
        if (!upload) return await earlierOrUnknown(userId, uploadId);
        // A failed fetch from the bucket leaves the upload as it is, for another try.
        const file = await uploads.takeFile(uploadId, deps.tmpDir);
        let video: LibraryVideo | InProgressVideo;
        try {
          video = await intake.acceptUpload(userId, {
            file,
            fileName: upload.metadata[ResumableMetadataKeys.fileName] ?? '',
            contentType: upload.metadata[ResumableMetadataKeys.contentType] ?? '',
            tool,
            videoId: uploadId,
            sport,
          });
        } catch (error) {
          // A refused file is done with; after a failure of ours the upload stays for a retry.
          if (error instanceof AppError && error.statusCode < 500) await forget(uploadId);
          throw error;
        }
        // Stored: nothing of the upload stays behind.
        await forget(uploadId);
        return video;
      } finally {
        await lock.unlock();
      }
    },
  };
}

export type ResumableUploadService = ReturnType<typeof createResumableUploadService>;
