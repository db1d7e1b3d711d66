import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { resolveICloudLink } from './icloud-resolver.js';
import { ImportError } from './import-error.js';
import { guardedFetch } from '../net/guarded-fetch.js';
import { byteLimit } from '../storage/byte-limit.js';
import type { DownloadedFile } from './yt-dlp.js';

export interface CloudDownloadOptions {
  allowHosts: readonly string[];
  resolveUrl: string;
  maxBytes: number;
  timeoutMs: number;
  /** The download goes to a new folder in here. */
  tmpDir: string;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
}

/**
 * Resolves an iCloud share link and streams the file to a temporary folder through the SSRF guard,
 * with a size and time limit. Failures are ImportErrors (or RefusedDestinationError).
 */
export async function downloadCloudFile(
  link: string,
  options: CloudDownloadOptions,
): Promise<DownloadedFile & { fileName: string }> {
  const signal = AbortSignal.any([
    AbortSignal.timeout(options.timeoutMs),
    ...(options.signal ? [options.signal] : []),
  ]);
  const resolved = await resolveICloudLink(
    link,
    (url, init) => guardedFetch(url, { ...init, allowHosts: options.allowHosts, signal }),
    options.resolveUrl,
  );
  const response = await guardedFetch(resolved.downloadUrl, {
    allowHosts: options.allowHosts,
    signal,
  });
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new ImportError(
      response.status === 401 || response.status === 403 ? 'privateVideo' : 'unreachable',
      `Download answered ${response.status}`,
    );
  }
  const total = Number(response.headers.get('content-length'));
  if (Number.isFinite(total) && total > options.maxBytes) {
    await response.body.cancel();
    throw new ImportError('tooLarge', `Download of ${total} bytes is over the limit`);
  }
  await mkdir(options.tmpDir, { recursive: true });
  const dir = await mkdtemp(path.join(options.tmpDir, 'filmroom-cloud-'));
  const file = path.join(dir, 'video');
  let seen = 0;
  let reported = -1;
  const progress = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (total > 0) {
        const percent = Math.floor((seen * 100) / total);
        if (percent !== reported) {
          reported = percent;
          options.onProgress?.(percent);
        }
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      byteLimit(options.maxBytes),
      progress,
      createWriteStream(file),
      { signal },
    );
    return { file, dir, fileName: resolved.fileName };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if ((error as Error).name === 'ObjectTooLargeError') {
      throw new ImportError('tooLarge', 'Download passed the size limit');
    }
    // fetch ends a body whose connection closed early with TypeError('terminated').
    if (!signal.aborted && (error as Error).name === 'TypeError')
      throw new ImportError('cutOff', `Download cut off: ${String(error)}`);
    throw error;
  }
}
