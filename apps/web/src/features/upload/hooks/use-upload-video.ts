import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NEW_IN_PROGRESS_PERCENTAGE,
  VideoType,
  type InProgressVideo,
  type LibraryVideo,
  type Sport,
} from '@filmroom/contract';
import { useGlobalLoader } from '../../../lib/global-loader.js';
import { notify } from '../../../lib/notifier.js';
import {
  addInProgressVideo,
  inProgressVideosQueryKey,
  libraryVideosQueryKey,
  prependLibraryVideo,
} from '../../../lib/video-cache.js';
import { copyFromCloud } from '../api/copy-from-cloud.js';
import { rememberSport } from '../api/get-remembered-sport.js';
import { importPlatformLink } from '../api/import-platform-link.js';
import { processLibraryVideo } from '../api/process-library-video.js';
import { uploadVideoFile } from '../api/upload-video-file.js';
import { ResumableUnavailableError, uploadVideoResumable } from '../api/upload-video-resumable.js';
import { isProcessingMode, type UploadModeSettings } from '../upload-modes.js';
import { createRateMeter, formatSpeed, formatTimeLeft } from './transfer-rate.js';
import { uploadErrorMessage } from './upload-error-message.js';

export type UploadSource =
  | { kind: 'file'; file: File }
  | { kind: 'library'; videoId: string }
  | { kind: 'cloud'; url: string }
  | { kind: 'platform'; url: string };

export interface UploadRequest {
  mode: UploadModeSettings;
  source: UploadSource;
  /** The film's sport for a tool (sent beside the spec's payload); undefined for the library. */
  sport?: Sport | undefined;
}

/** The new video as the success dialog and the edit dialog need it. */
export interface UploadedVideo {
  id: string;
  title: string;
  description: string;
  notes: string;
}

export interface UploadOutcome {
  mode: UploadModeSettings;
  video: UploadedVideo | undefined;
  /** A tool was run on a video already in the library: nothing was uploaded, processing started. */
  isLibraryRun?: boolean;
}

type UploadAnswer = Partial<LibraryVideo & InProgressVideo> | undefined;

/** How a file upload reports itself: bytes sent of the total. */
type FileProgress = (sent: number, total: number) => void;

/** Resumable when the server offers it (decision 0020), else the spec's multipart upload. */
async function sendFile(
  mode: UploadModeSettings,
  file: File,
  sport: Sport | undefined,
  onProgress: FileProgress,
  signal: AbortSignal,
): Promise<UploadAnswer> {
  try {
    return await uploadVideoResumable(file, mode.kind, { sport, onProgress, signal });
  } catch (error) {
    if (!(error instanceof ResumableUnavailableError)) throw error;
  }
  return uploadVideoFile(
    mode.filePath,
    file,
    (progress) => onProgress(progress.uploadedData * 1024, progress.totalData * 1024),
    signal,
    sport,
  );
}

function send(
  { mode, source, sport }: UploadRequest,
  onProgress: FileProgress,
  signal: AbortSignal,
): Promise<UploadAnswer> {
  // Sent beside the spec's payload, only when a tool runs.
  const withSport = sport ? { sport } : {};
  switch (source.kind) {
    case 'file':
      return sendFile(mode, source.file, sport, onProgress, signal);
    case 'library':
      return processLibraryVideo({
        videoType: mode.videoType ?? VideoType.Inactivity,
        videoId: source.videoId,
        ...withSport,
      });
    case 'cloud':
      return copyFromCloud(mode.cloudPath, {
        ...(mode.videoType ? { videoType: mode.videoType } : {}),
        url: source.url.trim(),
        ...withSport,
      });
    case 'platform':
      return importPlatformLink(mode.platformPath, {
        ...(mode.videoType ? { videoType: mode.videoType } : {}),
        videoUrl: source.url.trim(),
        ...withSport,
      });
  }
}

function hasId(answer: UploadAnswer): answer is UploadAnswer & { id: string } {
  return typeof answer?.id === 'string' && answer.id !== '';
}

function asLibraryVideo(answer: UploadAnswer & { id: string }): LibraryVideo {
  return {
    title: '',
    description: '',
    notes: '',
    url: '',
    thumbnailUrl: '',
    date: new Date().toISOString(),
    type: VideoType.None,
    canSelectPlayers: false,
    ...answer,
  } as LibraryVideo;
}

function asInProgressVideo(
  answer: UploadAnswer & { id: string },
  mode: UploadModeSettings,
): InProgressVideo {
  return {
    id: answer.id,
    type: answer.type ?? mode.videoType ?? VideoType.None,
    title: answer.title ?? '',
    date: answer.date ?? new Date().toISOString(),
    percentageCompleted: NEW_IN_PROGRESS_PERCENTAGE,
    canSelectPlayers: answer.canSelectPlayers ?? false,
    errorMessage: answer.errorMessage ?? '',
    errorAlreadyMarkedAsReaded: answer.errorAlreadyMarkedAsReaded ?? false,
  };
}

/**
 * Sends a video from any source, with progress, speed, time left and Cancel in the global loader
 * ('Processing video...' at 100), then puts the new video where the user expects it (spec §4 Upload).
 */
export function useUploadVideo() {
  const client = useQueryClient();
  const loader = useGlobalLoader();
  const { show } = loader;
  return useMutation({
    mutationFn: async (request: UploadRequest): Promise<UploadOutcome> => {
      const cancellation = new AbortController();
      const cancel = () => cancellation.abort();
      const meter = createRateMeter();
      const onProgress: FileProgress = (sent, total) => {
        const rate = meter.sample(sent, total);
        show(total > 0 ? Math.min(100, (sent * 100) / total) : 0, {
          speed: formatSpeed(rate.bytesPerSecond),
          timeLeft: formatTimeLeft(rate.secondsLeft),
          cancel,
        });
      };
      // Links and library videos have no upload phase: the server works on them straight away.
      if (request.source.kind === 'file') {
        show(0, { speed: formatSpeed(0), timeLeft: formatTimeLeft(undefined), cancel });
      } else {
        show(100);
      }
      const answer = await send(request, onProgress, cancellation.signal);
      if (request.sport && isProcessingMode(request.mode)) rememberSport(client, request.sport);
      if (!hasId(answer)) {
        const key = isProcessingMode(request.mode)
          ? inProgressVideosQueryKey
          : libraryVideosQueryKey;
        await client.invalidateQueries({ queryKey: key });
        return {
          mode: request.mode,
          video: undefined,
          isLibraryRun: request.source.kind === 'library',
        };
      }
      if (isProcessingMode(request.mode)) {
        addInProgressVideo(client, asInProgressVideo(answer, request.mode));
      } else {
        prependLibraryVideo(client, asLibraryVideo(answer));
        // A link is fetched by the server first; meanwhile it lists the video as in progress.
        if (request.source.kind !== 'file') {
          void client.invalidateQueries({ queryKey: inProgressVideosQueryKey });
        }
      }
      return {
        mode: request.mode,
        isLibraryRun: request.source.kind === 'library',
        video: {
          id: answer.id,
          title: answer.title ?? '',
          description: answer.description ?? '',
          notes: answer.notes ?? '',
        },
      };
    },
    onSettled: () => loader.hide(),
    onError: (error) => {
      console.error('Uploading the video failed', error);
      const message = uploadErrorMessage(error);
      if (message) notify.error(message);
    },
  });
}
