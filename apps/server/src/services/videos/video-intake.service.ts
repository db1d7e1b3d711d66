import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import {
  ImportErrorMessages,
  isICloudLink,
  isPlatformLink,
  Messages,
  notAVideoMessage,
  pictureTooLargeMessage,
  ProcessingProgress,
  Tool,
  toolOfVideoType,
  VideoSource,
  type Sport,
  type VideoType,
  type InProgressVideo,
  type LibraryVideo,
  videoTitleFromFileName,
  UNTITLED_VIDEO_TITLE,
  unreadableVideoMessage,
} from '@filmroom/contract';
import { MediaError, type MediaInfo } from '@filmroom/vision/media';
import type { Video, VideosRepository } from '../../infra/db/videos.repository.js';
import type { LinkKind } from '../../infra/media/link-download.js';
import type { LinkProbeResult } from '../../infra/media/link-probe.js';
import { PictureTooLargeError } from '../../infra/media/picture-limit.js';
import { isAllowListed } from '../../infra/net/address-policy.js';
import type { JobSender } from '../../infra/queue/job-sender.js';
import type { ObjectStorage } from '../../infra/storage/object-storage.js';
import { storeLocalFile } from '../../infra/storage/store-file.js';
import type { SportChoices } from '../accounts/sport-choices.js';
import { AppError } from '../errors.js';
import type { MediaUrlSigner } from '../media/signed-media-url.js';
import { deleteVideoObjects } from './delete-video-objects.js';
import { contentTypeFor, sourceExtension, storedFileName, videoKeys } from './video-keys.js';
import { toInProgressVideo, toLibraryVideo } from './video-views.js';

/** The tool of a processing request; without a type it runs the dialog's default tool. */
export function processingToolOf(videoType: VideoType | undefined): Tool {
  return toolOfVideoType(videoType)?.tool ?? Tool.Inactivity;
}

/** A new entry's tools: the one it asks for (its card shows that tool), none for the library. */
function requestedTools(tool: Tool | null): Tool[] {
  return tool ? [tool] : [];
}

/**
 * New videos: uploaded files (checked with ffprobe on the request path, then stored and queued for
 * ingest), link imports (checked that they can be fetched, then queued), and processing requests for library videos.
 */
export function createVideoIntakeService(deps: {
  videos: VideosRepository;
  storage: ObjectStorage;
  jobs: JobSender;
  signer: MediaUrlSigner;
  /** The largest video picture accepted (MAX_VIDEO_WIDTH x MAX_VIDEO_HEIGHT, either way round). */
  /** Test-only trusted link hosts (SSRF_ALLOW_HOSTS) are accepted as platform links too. */
  allowHosts: readonly string[];
  /**
   * Checks, within a bounded time, that a link can be fetched; an unfetchable one is refused before
   * any row exists, an undecided one is accepted and its import decides.
   */
  links: { probe(url: string, kind: LinkKind): Promise<LinkProbeResult> };
  /** Creates the processing job of a new processing entry (and queues it when its source is ready). */
  processing: { requested(entry: Video, sport: Sport): Promise<void> };
  /** The sport of a new run: the one a request names, else the user's remembered one. */
  sports: SportChoices;
  /** Reads an uploaded file's container and streams; fails with a MediaError if it is no video. */
  probe(file: string): Promise<MediaInfo>;
}) {
  const { videos, storage, jobs } = deps;

  function answer(video: Video): LibraryVideo | InProgressVideo {
    return video.requestedTool === null
      ? toLibraryVideo(video, deps.signer)
      : toInProgressVideo(video);
  }

  /** The sport a new entry's run gets; a library upload runs nothing and has none. */
  async function sportOfRun(
    userId: string,
    tool: Tool | null,
    named: Sport | undefined,
  ): Promise<Sport | undefined> {
    return tool === null ? undefined : deps.sports.forRun(userId, named);
  }

  async function queueOrUndo(
    video: Video,
    kind: 'ingest' | 'import-link',
    sport: Sport | undefined,
  ): Promise<void> {
    try {
      if (video.requestedTool !== null && sport) await deps.processing.requested(video, sport);
      await jobs.send(kind, { videoId: video.id });
    } catch (error) {
      await videos.delete(video.id);
      await deleteVideoObjects(storage, video);
      throw error;
    }
  }

  function isAcceptedPlatformLink(url: string): boolean {
    if (isPlatformLink(url)) return true;
    try {
      return isAllowListed(new URL(url.trim()).hostname, deps.allowHosts);
    } catch {
      return false;
    }
  }

  return {
    /**
     * `file` is a finished temporary upload; it is moved into storage or deleted, never left behind.
     * `videoId` names the new video (a resumable upload's id, so a repeated completion finds it).
     */
    async acceptUpload(
      userId: string,
      upload: {
        file: string;
        fileName: string;
        contentType?: string;
        /** The tool the new entry asks for (the route's reading of the spec's code); null: the library. */
        tool: Tool | null;
        videoId?: string;
        /** The film's sport (beyond the spec), as the route parsed it; absent: none named. */
        sport?: Sport;
      },
    ): Promise<LibraryVideo | InProgressVideo> {
      let stored: Video | undefined;
      try {
        const named = upload.sport;
        const info = await deps.probe(upload.file).catch((error: unknown) => {
          if (error instanceof PictureTooLargeError) {
            throw new AppError(415, pictureTooLargeMessage(error.picture, error.limit));
          }
          if (error instanceof MediaError && error.code === 'BAD_TIMING') {
            throw new AppError(415, unreadableVideoMessage('upload', 'badTiming'));
          }
          if (error instanceof MediaError) {
            throw new AppError(415, notAVideoMessage(upload.contentType));
          }
          throw error;
        });
        const id = upload.videoId ?? randomUUID();
        const extension = sourceExtension(upload.fileName, info.formatName);
        const key = videoKeys(userId, id).source(extension);
        const object = await storeLocalFile(storage, key, upload.file, contentTypeFor(extension));
        try {
          stored = await videos.create({
            id,
            userId,
            title: videoTitleFromFileName(upload.fileName) || UNTITLED_VIDEO_TITLE,
            tools: requestedTools(upload.tool),
            requestedTool: upload.tool,
            source: VideoSource.Upload,
            status: 'ingesting',
            percentageCompleted: upload.tool === null ? 0 : ProcessingProgress.engineStart,
            originalFileName: storedFileName(upload.fileName),
            sourceKey: key,
            sizeBytes: object.size,
          });
        } catch (error) {
          await storage.delete(key);
          throw error;
        }
        await queueOrUndo(stored, 'ingest', await sportOfRun(userId, upload.tool, named));
        if (stored.requestedTool !== null) await deps.sports.remember(userId, named);
        return answer(stored);
      } finally {
        await rm(upload.file, { force: true });
      }
    },

    /** The video an earlier upload made under `videoId`, as its upload answered it; else undefined. */
    async uploadedVideo(
      userId: string,
      videoId: string,
    ): Promise<LibraryVideo | InProgressVideo | undefined> {
      const video = await videos.findOwned(userId, videoId);
      return video?.source === VideoSource.Upload ? answer(video) : undefined;
    },

    async importLink(
      userId: string,
      request: { kind: LinkKind; url: string; tool: Tool | null; sport?: Sport },
    ): Promise<LibraryVideo | InProgressVideo> {
      const named = request.sport;
      const url = request.url.trim();
      if (request.kind === VideoSource.Cloud && !isICloudLink(url)) {
        throw new AppError(400, Messages.invalidICloudLink);
      }
      if (request.kind === VideoSource.Platform && !isAcceptedPlatformLink(url)) {
        throw new AppError(400, Messages.invalidPlatformLink);
      }
      const probed = await deps.links.probe(url, request.kind);
      if (probed.outcome === 'unfetchable') {
        throw new AppError(400, ImportErrorMessages[probed.kind]);
      }
      const video = await videos.create({
        userId,
        title: '',
        tools: requestedTools(request.tool),
        requestedTool: request.tool,
        source: request.kind,
        sourceUrl: url,
        status: 'importing',
        percentageCompleted: 0,
      });
      await queueOrUndo(video, 'import-link', await sportOfRun(userId, request.tool, named));
      if (video.requestedTool !== null) await deps.sports.remember(userId, named);
      return answer(video);
    },

    /** Records a processing request for a stored library video (the pipeline picks it up later). */
    async processLibraryVideo(
      userId: string,
      request: { videoId: string; videoType: VideoType; sport?: Sport },
    ): Promise<InProgressVideo> {
      const named = request.sport;
      const source = await videos.findOwned(userId, request.videoId);
      if (!source || source.requestedTool !== null || !source.sourceKey) {
        throw new AppError(404, Messages.notFound);
      }
      const tool = processingToolOf(request.videoType);
      const sport = await deps.sports.forRun(userId, named);
      const video = await videos.create({
        userId,
        title: source.title,
        tools: [tool],
        requestedTool: tool,
        source: VideoSource.Library,
        parentVideoId: source.id,
        status: 'ready',
        percentageCompleted: ProcessingProgress.engineStart,
      });
      try {
        await deps.processing.requested(video, sport);
      } catch (error) {
        await videos.delete(video.id);
        throw error;
      }
      await deps.sports.remember(userId, named);
      return toInProgressVideo(video);
    },
  };
}

export type VideoIntakeService = ReturnType<typeof createVideoIntakeService>;
