import { lookup } from 'node:dns/promises';
import { VideoSource, type ImportErrorKind } from '@filmroom/contract';
import { MediaError } from '@filmroom/vision/media';
import { isAllowListed, isPublicAddress } from '../net/address-policy.js';
import { RefusedDestinationError } from '../net/guarded-fetch.js';
import { startGuardingProxy } from '../net/guarding-proxy.js';
import { downloadCloudFile } from './download-cloud-file.js';
import { ImportError } from './import-error.js';
import { downloadWithYtDlp, type DownloadedFile } from './yt-dlp.js';

/** Where a linked video is fetched from: a video platform (yt-dlp) or an iCloud share. */
export type LinkKind = typeof VideoSource.Platform | typeof VideoSource.Cloud;

export interface LinkDownloadConfig {
  ytDlpPath: string;
  maxBytes: number;
  timeoutMs: number;
  /** Test-only trusted hosts (SSRF_ALLOW_HOSTS) that the guard lets through. */
  allowHosts: readonly string[];
  iCloudResolveUrl: string;
}

/** A downloaded link: the file in its own temporary folder, and the file name the share gave. */
export type DownloadedLink = DownloadedFile & { fileName?: string };

/**
 * A link whose own host is private is refused before yt-dlp starts (every later connection is
 * checked by the guarding proxy).
 */
export async function assertPublicHost(url: string, allowHosts: readonly string[]): Promise<void> {
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

/**
 * yt-dlp follows redirects and fetches pages, manifests and media on its own; all of it goes through
 * the guarding proxy, and a refused destination fails the run as refused, whatever yt-dlp said.
 */
export async function throughGuard<T>(
  allowHosts: readonly string[],
  run: (proxyUrl: string) => Promise<T>,
): Promise<T> {
  const proxy = await startGuardingProxy(allowHosts);
  try {
    return await run(proxy.url);
  } catch (error) {
    const [refused] = proxy.refused;
    if (refused !== undefined) throw new RefusedDestinationError(refused);
    throw error;
  } finally {
    await proxy.close();
  }
}

/** What the user is told about a failed import; undefined for a failure worth retrying. */
export function importFailureKind(error: unknown): ImportErrorKind | undefined {
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
 * Downloads linked videos: platform links with yt-dlp behind the guarding proxy, iCloud shares by
 * their resolved URL through the guarded fetch; both within the size and time limits.
 */
export function createLinkDownloader(config: LinkDownloadConfig) {
  return {
    async download(
      url: string,
      kind: LinkKind,
      options: { tmpDir: string; signal: AbortSignal; onProgress: (percent: number) => void },
    ): Promise<DownloadedLink> {
      const limits = { maxBytes: config.maxBytes, timeoutMs: config.timeoutMs, ...options };
      if (kind === VideoSource.Cloud) {
        return downloadCloudFile(url, {
          ...limits,
          allowHosts: config.allowHosts,
          resolveUrl: config.iCloudResolveUrl,
        });
      }
      await assertPublicHost(url, config.allowHosts);
      return throughGuard(config.allowHosts, (proxyUrl) =>
        downloadWithYtDlp(url, { ...limits, binary: config.ytDlpPath, proxyUrl }),
      );
    },

    /** What the user is told about a failed import; undefined for a failure worth retrying. */
    failureKind: importFailureKind,
  };
}

export type LinkDownloader = ReturnType<typeof createLinkDownloader>;
