import { rm } from 'node:fs/promises';
import { lookup } from 'node:dns/promises';
import { ImportErrorMessages, type ImportErrorKind } from '@filmroom/contract';
import { MediaError } from '@filmroom/vision';
import { ImportError } from '../infra/media/import-error.js';
import { downloadWithYtDlp, type DownloadedFile } from '../infra/media/yt-dlp.js';
import { isAllowListed, isPublicAddress } from '../infra/net/address-policy.js';
import { RefusedDestinationError } from '../infra/net/guarded-fetch.js';
import type { JobHandler } from '../infra/queue/job-queue.js';
import { storeLocalFile } from '../infra/storage/store-file.js';
import { probeUploadedVideo } from '../services/videos/probe-upload.js';
import type { RunningImports } from '../services/videos/running-imports.js';
import {
  contentTypeFor,
  sourceExtension,
  titleFromFileName,
  videoKeys,
} from '../services/videos/video-keys.js';
import { downloadCloudFile } from './download-cloud-file.js';
import { ingestStoredVideo, type IngestDeps } from './ingest-video.js';

export interface ImportDeps extends IngestDeps {
  imports: RunningImports;
  ytDlpPath: string;
  maxBytes: number;
  timeoutMs: number;
  allowHosts: readonly string[];
  iCloudResolveUrl: string;
}

const PROCESSING_IMPORT_SHARE = 0.3;

/** Progress writes at most this often, so a fast download does not hammer the database. */
const PROGRESS_INTERVAL_MS = 1000;

/**
 * yt-dlp connects on its own, so its first host is checked here; platform links name public sites,
 * and this refuses a link whose host resolves to a private or metadata address.
 */
async function assertPublicHost(url: string, allowHosts: readonly string[]): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isAllowListed(host, allowHosts)) return;
  const addresses = await lookup(host, { all: true }).catch(() => {
    throw new ImportError('unreachable', `Cannot resolve ${host}`);
  });
  if (
    addresses.some(
      (entry) => !isAllowListed(entry.address, allowHosts) && !isPublicAddress(entry.address),
    )
  ) {
    throw new RefusedDestinationError(host);
  }
}

/** A title users can recognise until they edit it: the link's last path segment. */
function titleFromUrl(url: string): string {
  const { hostname, pathname } = new URL(url);
  const last = decodeURIComponent(pathname.split('/').filter(Boolean).at(-1) ?? '');
  return titleFromFileName(last) || hostname;
}

function failureKind(error: unknown): ImportErrorKind | undefined {
  if (error instanceof ImportError) return error.kind;
  if (error instanceof RefusedDestinationError) return 'refused';
  if (error instanceof MediaError) return 'notAVideo';
  const name = (error as Error).name;
  if (name === 'TimeoutError') return 'timedOut';
  if (name === 'TypeError' || (error as { code?: string }).code?.startsWith('E'))
    return 'unreachable';
  return undefined;
}

/**
 * The `import-link` job: download the link (yt-dlp for platforms; iCloud resolve + guarded fetch for
 * cloud links), check it is a video, store it, then ingest. A failure the user can act on is written
 * to the row's errorMessage and not retried.
 */
export function importLinkJob(deps: ImportDeps): JobHandler<'import-link'> {
  return async ({ videoId }, context) => {
    const video = await deps.videos.findById(videoId);
    if (!video?.sourceUrl || video.status !== 'importing') return;
    const signal = deps.imports.start(videoId);
    let lastWrite = 0;
    // A processing request's import is the first third of its progress; the engine does the rest.
    const share = video.requestedTool === 3 ? 1 : PROCESSING_IMPORT_SHARE;
    const onProgress = (percent: number): void => {
      const now = Date.now();
      if (now - lastWrite < PROGRESS_INTERVAL_MS) return;
      lastWrite = now;
      void deps.videos
        .update(videoId, { percentageCompleted: Math.round(percent * share) }, deps.clock())
        .then((row) => {
          if (!row) deps.imports.cancel(videoId);
        })
        .catch(() => undefined);
    };
    let download: DownloadedFile | undefined;
    let title = video.title;
    let storedKey: string | undefined;
    try {
      const limits = {
        maxBytes: deps.maxBytes,
        timeoutMs: deps.timeoutMs,
        signal,
        onProgress,
      };
      if (video.source === 'cloud') {
        const cloudFile = await downloadCloudFile(video.sourceUrl, {
          ...limits,
          allowHosts: deps.allowHosts,
          resolveUrl: deps.iCloudResolveUrl,
        });
        download = cloudFile;
        title ||= titleFromFileName(cloudFile.fileName);
      } else {
        await assertPublicHost(video.sourceUrl, deps.allowHosts);
        download = await downloadWithYtDlp(video.sourceUrl, { ...limits, binary: deps.ytDlpPath });
      }
      const info = await probeUploadedVideo(download.file, { signal });
      const extension = sourceExtension(download.file, info.formatName);
      const key = videoKeys(video.userId, video.id).source(extension);
      const object = await storeLocalFile(
        deps.storage,
        key,
        download.file,
        contentTypeFor(extension),
      );
      const stored = await deps.videos.update(
        videoId,
        {
          status: 'ingesting',
          sourceKey: key,
          sizeBytes: object.size,
          percentageCompleted: Math.round(100 * share),
          title: title || titleFromUrl(video.sourceUrl),
        },
        deps.clock(),
      );
      if (!stored) {
        await deps.storage.delete(key);
        return;
      }
      await ingestStoredVideo(deps, stored, signal);
    } catch (error) {
      if (storedKey) await deps.storage.delete(storedKey).catch(() => undefined);
      if (signal.aborted) return;
      const kind = failureKind(error);
      deps.logger.warn({ err: error, videoId, kind }, 'Link import failed');
      if (!kind && context.retryCount < 1) throw error;
      await deps.videos.update(
        videoId,
        { status: 'failed', errorMessage: ImportErrorMessages[kind ?? 'unreachable'] },
        deps.clock(),
      );
    } finally {
      deps.imports.finish(videoId);
      if (download) await rm(download.dir, { recursive: true, force: true });
    }
  };
}
