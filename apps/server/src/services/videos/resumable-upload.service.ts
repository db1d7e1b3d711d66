import {
  ResumableMetadataKeys,
  ResumableUploadMessages,
  type InProgressVideo,
  type LibraryVideo,
  type UploadKind,
} from '@filmroom/contract';
import type { ResumableUploadStore } from '../../infra/storage/resumable-upload-store.js';
import { AppError } from '../errors.js';
import type { VideoIntakeService } from './video-intake.service.js';

/**
 * Turns a finished resumable upload into a video exactly as the multipart upload does (ffprobe
 * first; a file that is not a video is refused and removed). The upload's id becomes the video's,
 * so a completion repeated after a lost answer returns the same video.
 */
export function createResumableUploadService(deps: {
  uploads: ResumableUploadStore;
  intake: VideoIntakeService;
}) {
  const { uploads, intake } = deps;
  const completing = new Set<string>();

  return {
    async complete(
      userId: string,
      uploadId: string,
      tool: UploadKind,
    ): Promise<LibraryVideo | InProgressVideo> {
      const upload = await uploads.find(uploadId);
      if (!upload) {
        const earlier = await intake.uploadedVideo(userId, uploadId);
        if (earlier) return earlier;
        throw new AppError(404, ResumableUploadMessages.unknownUpload);
      }
      if (upload.owner !== userId) throw new AppError(404, ResumableUploadMessages.unknownUpload);
      if (upload.size === undefined || upload.offset < upload.size || completing.has(uploadId)) {
        throw new AppError(409, ResumableUploadMessages.notFinished);
      }
      completing.add(uploadId);
      try {
        return await intake.acceptUpload(userId, {
          file: upload.file,
          fileName: upload.metadata[ResumableMetadataKeys.fileName] ?? '',
          contentType: upload.metadata[ResumableMetadataKeys.contentType] ?? '',
          tool,
          videoId: uploadId,
        });
      } finally {
        completing.delete(uploadId);
        // Stored or refused, the upload is done with: nothing of it stays behind.
        await uploads.forget(uploadId);
      }
    },
  };
}

export type ResumableUploadService = ReturnType<typeof createResumableUploadService>;
