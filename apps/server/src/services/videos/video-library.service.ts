import {
  failedRunSourceDescription,
  Messages,
  TOOLS,
  validateVideoDetails,
  type DirectDownloadResponse,
  type InProgressVideo,
  type LibraryVideo,
  type VideosResponse,
} from '@filmroom/contract';
import type { Video, VideosRepository } from '../../infra/db/videos.repository.js';
import type { ObjectStorage } from '../../infra/storage/object-storage.js';
import type { Clock } from '../clock.js';
import { AppError, assertValid } from '../errors.js';
import type { MediaUrlSigner } from '../media/signed-media-url.js';
import { deleteVideoObjects } from './delete-video-objects.js';
import { createVideoListCache, type ListSnapshot } from './video-list-cache.js';
import type { RunningImports } from './running-imports.js';
import { downloadName, extensionOf } from './video-keys.js';
import { toInProgressVideo, toLibraryVideo } from './video-views.js';

export interface VideoDetails {
  videoId: string;
  title: string;
  description: string;
  notes: string;
}

/** Per list kind: about 400 libraries of 60 videos. */
const LIST_CACHE_MAX_CHARS = 16 * 1024 * 1024;

const notFound = () => new AppError(404, Messages.notFound);

/** An upload the ingest read as a video (a length and a stored file), not one refused as unreadable. */
function isReadableUpload(video: Video): boolean {
  return video.sourceKey !== null && video.durationSec !== null;
}

/** A failed run's uploaded film as a library video: no tool, ready, saying what failed on it. */
function keptAsLibraryVideo(video: Video) {
  const tool = video.requestedTool ? TOOLS[video.requestedTool].name : 'processing';
  return {
    requestedTool: null,
    tools: [],
    status: 'ready' as const,
    percentageCompleted: 100,
    errorMessage: '',
    ...(video.description.trim() === ''
      ? { description: failedRunSourceDescription(tool, video.errorMessage) }
      : {}),
  };
}

function withJobsAhead(kept: ListSnapshot, ahead: Map<string, number>): ListSnapshot {
  const list = JSON.parse(kept.json) as VideosResponse<InProgressVideo>;
  const videos = list.videos.map((video) => {
    const jobsAhead = ahead.get(video.id);
    return jobsAhead === undefined ? video : { ...video, jobsAhead };
  });
  return { json: JSON.stringify({ ...list, videos }) };
}

/** The signed-in user's videos: listing, edit, download, delete, cancel. Every call checks ownership. */
export function createVideoLibraryService(deps: {
  videos: VideosRepository;
  storage: ObjectStorage;
  signer: MediaUrlSigner;
  imports: RunningImports;
  clock: Clock;
  /** How long a media URL in a list lives at least. */
  urlTtlSeconds: number;
  /** Runs before a video row is deleted (takes it off the player's profile). */
  beforeDelete?: (video: Video) => Promise<void>;
  /** Removes the files a processing entry's job wrote (player photos, a partial output). */
  discardJobFiles?: (entry: Video) => Promise<void>;
  /** The finished processing entry an output video was made from. */
  entryBehind?: (output: Video) => Promise<Video | undefined>;
  /** Runs when an entry's error is marked read (mirrors it on its processing job). */
  afterErrorRead?: (video: Video) => Promise<void>;
  /** For each of the user's runs still waiting for a worker: how many runs are queued before it. */
  jobsAheadByEntry?: (userId: string) => Promise<Map<string, number>>;
}) {
  const { videos, storage, signer } = deps;
  const keptList = (build: (userId: string, expiresAtSeconds: number) => Promise<unknown>) =>
    createVideoListCache({
      version: (userId) => videos.libraryVersion(userId),
      build: async (userId, expiresAtSeconds) =>
        JSON.stringify(await build(userId, expiresAtSeconds)),
      clock: deps.clock,
      urlTtlSeconds: deps.urlTtlSeconds,
      maxChars: LIST_CACHE_MAX_CHARS,
    });
  const libraryLists = keptList(
    async (userId, expiresAtSeconds): Promise<VideosResponse<LibraryVideo>> => ({
      videos: (await videos.listLibrary(userId)).map((video) =>
        toLibraryVideo(video, signer, expiresAtSeconds),
      ),
    }),
  );
  const inProgressLists = keptList(async (userId): Promise<VideosResponse<InProgressVideo>> => ({
    videos: (await videos.listInProgress(userId)).map(toInProgressVideo),
  }));

  async function owned(userId: string, videoId: string): Promise<Video> {
    const video = await videos.findOwned(userId, videoId);
    if (!video) throw notFound();
    return video;
  }

  /** Removes a processing entry: its job's files, its row (and job) and its own files. */
  async function retire(entry: Video): Promise<void> {
    await deps.discardJobFiles?.(entry);
    await remove(entry);
  }

  async function remove(video: Video): Promise<void> {
    deps.imports.cancel(video.id);
    await deps.beforeDelete?.(video);
    // The row goes first: a job still running finds it gone and cleans up what it wrote since.
    await videos.delete(video.id);
    await deleteVideoObjects(storage, video);
  }

  return {
    /** The library list (spec §3 `{ videos: LibraryVideo[] }`) as JSON, kept until the library changes. */
    library(userId: string): Promise<ListSnapshot> {
      return libraryLists.get(userId);
    },

    /**
     * The in-progress list (spec §3 `{ videos: InProgressVideo[] }`) as JSON, kept likewise. Runs
     * still waiting for a worker carry `jobsAhead`, read fresh on every call: other users' runs move
     * the queue without changing this user's library.
     */
    async inProgress(userId: string): Promise<ListSnapshot> {
      const [kept, ahead] = await Promise.all([
        inProgressLists.get(userId),
        deps.jobsAheadByEntry?.(userId) ?? new Map<string, number>(),
      ]);
      return ahead.size === 0 ? kept : withJobsAhead(kept, ahead);
    },

    async edit(userId: string, details: VideoDetails): Promise<LibraryVideo> {
      const title = details.title.trim();
      const description = details.description.trim();
      const notes = details.notes.trim();
      assertValid(validateVideoDetails({ title, description, notes }));
      const video = await owned(userId, details.videoId);
      const updated = await videos.update(video.id, { title, description, notes }, deps.clock());
      if (!updated) throw notFound();
      return toLibraryVideo(updated, signer);
    },

    async remove(userId: string, videoId: string): Promise<void> {
      const video = await owned(userId, videoId);
      const entry = await deps.entryBehind?.(video);
      await remove(video);
      // The entry existed only to make this video; a processing upload's file is not in the
      // library, so nothing else would ever delete it.
      if (entry) await retire(entry);
    },

    async downloadUrl(userId: string, videoId: string): Promise<DirectDownloadResponse> {
      const video = await owned(userId, videoId);
      const key = video.playableKey ?? video.sourceKey;
      if (!key) throw notFound();
      return {
        downloadUrl: signer.sign({
          key,
          downloadName: downloadName(video.title, extensionOf(key)),
        }),
      };
    },

    /** Cancels an import or a processing request: stops its job and removes the row and its files. */
    async cancelInProgress(userId: string, videoId: string): Promise<void> {
      const video = await owned(userId, videoId);
      // A finished processing entry is no longer in progress: nothing to cancel.
      if (video.status === 'done' || (video.requestedTool === null && video.status === 'ready')) {
        throw notFound();
      }
      await retire(video);
    },

    async markErrorRead(userId: string, videoId: string): Promise<void> {
      const video = await owned(userId, videoId);
      const isFailedProcessing = video.requestedTool !== null && video.status === 'failed';
      if (isFailedProcessing && isReadableUpload(video)) {
        // The film uploaded for the failed run stays, as a library video marked as that run's
        // source, so another tool or a second try can use it without uploading it again.
        await deps.discardJobFiles?.(video);
        await videos.update(
          video.id,
          { errorAlreadyMarkedAsReaded: true, ...keptAsLibraryVideo(video) },
          deps.clock(),
        );
        await deps.afterErrorRead?.(video);
        return;
      }
      // its owner will not see a failed processing entry again: what it left goes now
      // (first, so a failed delete leaves the error unread and can be retried)
      if (isFailedProcessing) {
        await deps.discardJobFiles?.(video);
        await deleteVideoObjects(storage, video);
      }
      await videos.update(
        video.id,
        {
          errorAlreadyMarkedAsReaded: true,
          ...(isFailedProcessing ? { sourceKey: null, playableKey: null, thumbnailKey: null } : {}),
        },
        deps.clock(),
      );
      await deps.afterErrorRead?.(video);
    },
  };
}

export type VideoLibraryService = ReturnType<typeof createVideoLibraryService>;
