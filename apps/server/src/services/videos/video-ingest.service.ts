import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  ImportErrorMessages,
  importFailedMessage,
  ProcessingProgress,
  VideoSource,
  type ImportErrorKind,
  unreadableVideoMessage,
  videoTitleFromFileName,
} from '@filmroom/contract';
import type { MediaInfo } from '@filmroom/vision/media';
import type { Logger } from 'pino';
import type { Video, VideosRepository } from '../../infra/db/videos.repository.js';
import type { DownloadedLink, LinkKind } from '../../infra/media/link-download.js';
import type { PlayableAction } from '../../infra/media/video-rendition.js';
import type { ObjectStorage } from '../../infra/storage/object-storage.js';
import { storeLocalFile } from '../../infra/storage/store-file.js';
import { secondsSince, type Clock } from '../clock.js';
import { arrivalOf, unreadableCause } from '../media/unreadable-cause.js';
import { stageProgress, type ProgressRange } from '../progress/stage-progress.js';
import type { RunAttempt } from '../run-attempt.js';
import type { ImportFailureNotifier } from './import-failure-notifier.js';
import type { RunningImports } from './running-imports.js';
import { contentTypeFor, sourceExtension, videoKeys } from './video-keys.js';

/** The media work of an ingest: probe, thumbnail and, when a browser cannot play it, a rendition. */
export interface IngestMedia {
  probe(file: string, signal?: AbortSignal): Promise<MediaInfo>;
  thumbnail(options: {
    input: string;
    output: string;
    info: MediaInfo;
    signal?: AbortSignal;
  }): Promise<void>;
  playableAction(info: MediaInfo): PlayableAction;
  makePlayable(options: {
    input: string;
    output: string;
    info: MediaInfo;
    action: Exclude<PlayableAction, 'none'>;
    signal?: AbortSignal;
  }): Promise<void>;
}

/** Fetches a linked video into a temporary folder, and names what went wrong when it cannot. */
export interface LinkDownloads {
  download(
    url: string,
    kind: LinkKind,
    options: { tmpDir: string; signal: AbortSignal; onProgress: (percent: number) => void },
  ): Promise<DownloadedLink>;
  /** The message kind the user sees for a failed import; undefined for a failure worth retrying. */
  failureKind(error: unknown): ImportErrorKind | undefined;
}

export interface VideoIngestDeps {
  videos: VideosRepository;
  storage: ObjectStorage;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Imports running in this process, so a cancel from the API stops their download at once. */
  imports: RunningImports;
  media: IngestMedia;
  links: LinkDownloads;
  /** A processing entry's engine is queued once its source is stored and ingested. */
  processing: { ingested(entry: Video): Promise<void> };
  /** Tells the owner (per their mail preferences) that an accepted link could not be imported. */
  notifyImportFailed: ImportFailureNotifier;
  /** This process's folder for temporary files (renditions and downloads being made). */
  tmpDir: string;
}

/** A title users can recognise until they edit it: the link's last path segment. */
function titleFromUrl(url: string): string {
  const { hostname, pathname } = new URL(url);
  const last = decodeURIComponent(pathname.split('/').filter(Boolean).at(-1) ?? '');
  return videoTitleFromFileName(last) || hostname;
}

/**
 * The owner of a new video's way into the library: a stored upload is probed, thumbnailed and (when
 * a browser could not play it) given an H.264/AAC rendition; a link is downloaded, checked, stored
 * and then ingested alike. A failure the user can act on is written to the row and not retried;
 * the last failed attempt marks the row failed. Job handlers only call these methods.
 */
export function createVideoIngestService(deps: VideoIngestDeps) {
  const { videos, storage } = deps;

  /**
   * Probe, thumbnail and (when needed) rendition of a stored video; the source is kept. If the row
   * vanished meanwhile (deleted), what was made is removed.
   */
  async function ingestStored(video: Video, signal?: AbortSignal): Promise<void> {
    const sourceKey = video.sourceKey;
    if (!sourceKey) throw new Error(`Video ${video.id} has no stored source`);
    const keys = videoKeys(video.userId, video.id);
    const started = performance.now();
    await mkdir(deps.tmpDir, { recursive: true });
    const work = await mkdtemp(path.join(deps.tmpDir, 'filmroom-ingest-'));
    const made: string[] = [];
    try {
      const changes = await storage.withLocalFile(sourceKey, async (input) => {
        const info = await deps.media.probe(input, signal);
        const thumbnail = path.join(work, 'thumbnail.jpg');
        await deps.media.thumbnail({ input, output: thumbnail, info, signal });
        await storeLocalFile(storage, keys.thumbnail, thumbnail, 'image/jpeg');
        made.push(keys.thumbnail);
        const action = deps.media.playableAction(info);
        if (action !== 'none') {
          const output = path.join(work, 'playable.mp4');
          await deps.media.makePlayable({ input, output, info, action, signal });
          await storeLocalFile(storage, keys.playable, output, 'video/mp4');
          made.push(keys.playable);
        }
        return {
          thumbnailKey: keys.thumbnail,
          playableKey: action === 'none' ? null : keys.playable,
          durationSec: info.durationSec,
          width: info.video?.width ?? null,
          height: info.video?.height ?? null,
          videoCodec: info.video?.codec ?? null,
          audioCodec: info.audio?.codec ?? null,
        };
      });
      const updated = await videos.update(video.id, { ...changes, status: 'ready' }, deps.clock());
      if (!updated) {
        await Promise.all([...made, sourceKey].map((key) => storage.delete(key)));
        return;
      }
      deps.logger.info(
        {
          videoId: video.id,
          action: changes.playableKey ? 'rendition' : 'none',
          seconds: secondsSince(started),
          filmSeconds: updated.durationSec,
        },
        'Video ingested',
      );
      await deps.processing.ingested(updated);
    } catch (error) {
      await Promise.all(made.map((key) => storage.delete(key).catch(() => undefined)));
      throw error;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /**
   * A link import that will not be retried: its card names the link and the reason (and gets a
   * title from the link if the share gave none), and its owner is mailed.
   */
  async function failImport(
    video: Video,
    url: string,
    kind: ImportErrorKind,
    changes: Partial<Pick<Video, 'sourceKey' | 'sizeBytes'>> = {},
  ): Promise<void> {
    const failed = await videos.update(
      video.id,
      {
        status: 'failed',
        errorMessage: importFailedMessage(url, kind),
        title: video.title || titleFromUrl(url),
        ...changes,
      },
      deps.clock(),
    );
    if (failed) await deps.notifyImportFailed(failed, { url, kind });
  }

  return {
    /** A freshly uploaded video becomes ready; the last failed attempt marks it failed. */
    async ingest(videoId: string, attempt: RunAttempt): Promise<void> {
      const video = await videos.findById(videoId);
      if (!video?.sourceKey || video.status !== 'ingesting') return;
      try {
        await ingestStored(video);
      } catch (error) {
        deps.logger.error({ err: error, videoId }, 'Ingest failed');
        // a file that cannot be read fails the same way every time: at once, saying why
        const cause = unreadableCause(error);
        if (!cause && !attempt.lastAttempt) throw error;
        const errorMessage = cause
          ? unreadableVideoMessage(arrivalOf(video), cause)
          : ImportErrorMessages.interrupted;
        await videos.update(videoId, { status: 'failed', errorMessage }, deps.clock());
      }
    },

    /**
     * Download the link, check it is a video, store it, then ingest. A failed import leaves no
     * stored file: a retry downloads again, a failed row names no object.
     */
    async importLink(videoId: string, attempt: RunAttempt): Promise<void> {
      const video = await videos.findById(videoId);
      if (!video?.sourceUrl || video.status !== 'importing') return;
      const sourceUrl = video.sourceUrl;
      const signal = deps.imports.start(videoId);
      // A processing request's import is the first stage of its progress; the engine does the rest.
      const range: ProgressRange =
        video.requestedTool === null ? [0, 100] : [0, ProcessingProgress.imported];
      const onProgress = stageProgress(range, (percent) => {
        void videos
          .update(videoId, { percentageCompleted: percent }, deps.clock())
          .then((row) => {
            if (!row) deps.imports.cancel(videoId);
          })
          .catch(() => undefined);
      });
      let download: DownloadedLink | undefined;
      let storedKey: string | undefined;
      try {
        const kind: LinkKind =
          video.source === VideoSource.Cloud ? VideoSource.Cloud : VideoSource.Platform;
        download = await deps.links.download(sourceUrl, kind, {
          tmpDir: deps.tmpDir,
          signal,
          onProgress,
        });
        const title = video.title || videoTitleFromFileName(download.fileName ?? '');
        const info = await deps.media.probe(download.file, signal);
        const extension = sourceExtension(download.file, info.formatName);
        const key = videoKeys(video.userId, video.id).source(extension);
        const object = await storeLocalFile(storage, key, download.file, contentTypeFor(extension));
        storedKey = key;
        const stored = await videos.update(
          videoId,
          {
            status: 'ingesting',
            sourceKey: key,
            sizeBytes: object.size,
            percentageCompleted: range[1],
            title: title || titleFromUrl(sourceUrl),
          },
          deps.clock(),
        );
        if (!stored) {
          await storage.delete(key);
          return;
        }
        await ingestStored(stored, signal);
      } catch (error) {
        if (storedKey) await storage.delete(storedKey).catch(() => undefined);
        if (signal.aborted) return;
        const kind = deps.links.failureKind(error);
        deps.logger.warn({ err: error, videoId, kind }, 'Link import failed');
        const unstored = storedKey ? { sourceKey: null, sizeBytes: null } : {};
        if (!kind && !attempt.lastAttempt) {
          if (storedKey) {
            await videos.update(videoId, { status: 'importing', ...unstored }, deps.clock());
          }
          throw error;
        }
        await failImport(video, sourceUrl, kind ?? 'unreachable', unstored);
      } finally {
        deps.imports.finish(videoId);
        if (download) await rm(download.dir, { recursive: true, force: true });
      }
    },

    /**
     * An ingest or import that died with its worker starts over from its row's status on the
     * retry; after the last attempt its card says it was interrupted.
     */
    async orphaned(videoId: string, attempt: RunAttempt): Promise<void> {
      if (!attempt.lastAttempt) return;
      const video = await videos.findById(videoId);
      if (video?.status !== 'ingesting' && video?.status !== 'importing') return;
      if (video.status === 'importing' && video.sourceUrl) {
        await failImport(video, video.sourceUrl, 'interrupted');
        return;
      }
      await videos.update(
        videoId,
        { status: 'failed', errorMessage: ImportErrorMessages.interrupted },
        deps.clock(),
      );
    },
  };
}

export type VideoIngestService = ReturnType<typeof createVideoIngestService>;
