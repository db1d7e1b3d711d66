import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { spawnBound } from '@filmroom/vision/media';
import { ImportError } from './import-error.js';

export interface YtDlpOptions {
  binary: string;
  /**
   * Every connection yt-dlp makes, redirects included, goes through this HTTP proxy (the guarding
   * proxy, which checks each destination).
   */
  proxyUrl: string;
  /** The download goes to a new folder in here. */
  tmpDir: string;
  maxBytes: number;
  timeoutMs: number;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
}

export interface DownloadedFile {
  /** The file; remove `dir` when done with it. */
  file: string;
  dir: string;
}

const PROGRESS_PREFIX = 'filmroom-progress:';

/**
 * The proxy for every scheme through the environment rather than `--proxy`, which yt-dlp applies to
 * http and https only: an ftp:// redirect would then connect directly. Nothing bypasses it.
 */
function proxyEnvironment(proxyUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/_proxy$/i.test(name)) delete env[name];
  }
  for (const scheme of ['http', 'https', 'ftp', 'all']) {
    env[`${scheme}_proxy`] = proxyUrl;
    env[`${scheme.toUpperCase()}_PROXY`] = proxyUrl;
  }
  return env;
}

/** Maps yt-dlp's error output to what the user can act on. */
export function classifyYtDlpFailure(stderr: string): ImportError {
  const text = stderr.toLowerCase();
  if (
    /private video|login required|sign in to confirm|this video is private|members-only/.test(text)
  ) {
    return new ImportError('privateVideo', stderr);
  }
  if (/file is larger than max-filesize|max-filesize/.test(text)) {
    return new ImportError('tooLarge', stderr);
  }
  if (
    /downloaded \d+ bytes, expected \d+ bytes|incompleteread|content too short|did not get any data blocks/.test(
      text,
    )
  ) {
    return new ImportError('cutOff', stderr);
  }
  if (
    /unable to download webpage|name or service not known|getaddrinfo|connection refused|timed out|http error 404|http error 403|network is unreachable/.test(
      text,
    )
  ) {
    return new ImportError('unreachable', stderr);
  }
  return new ImportError('notAVideo', stderr);
}

export interface YtDlpProbeOptions {
  binary: string;
  /** As for the download: every connection goes through this (guarding) proxy. */
  proxyUrl: string;
  signal: AbortSignal;
}

/**
 * Reads a link's metadata without downloading it (`--simulate -J`): resolves when yt-dlp finds one
 * video there, fails with the ImportError yt-dlp's output names otherwise, or with the signal's
 * reason when it is aborted first.
 */
export function probeWithYtDlp(url: string, options: YtDlpProbeOptions): Promise<void> {
  const args = [
    '--simulate',
    '--dump-single-json',
    '--no-playlist',
    '--no-cache-dir',
    '--no-color',
    '--socket-timeout',
    '15',
    '--',
    url,
  ];
  return new Promise<void>((resolve, reject) => {
    options.signal.throwIfAborted();
    const child = spawnBound(options.binary, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: proxyEnvironment(options.proxyUrl),
    });
    // The metadata itself is not needed: that yt-dlp found a video is the answer.
    child.stdout.resume();
    let stderr = '';
    const onAbort = (): void => {
      child.kill('SIGKILL');
      reject(options.signal.reason);
    };
    options.signal.addEventListener('abort', onAbort, { once: true });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 64_000) stderr += chunk;
    });
    child.on('error', (error) => {
      options.signal.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code) => {
      options.signal.removeEventListener('abort', onAbort);
      if (code === 0) resolve();
      else reject(classifyYtDlpFailure(stderr));
    });
  });
}

/** Downloads one video (no playlists) with the Debian yt-dlp into a fresh temporary folder. */
export async function downloadWithYtDlp(
  url: string,
  options: YtDlpOptions,
): Promise<DownloadedFile> {
  await mkdir(options.tmpDir, { recursive: true });
  const dir = await mkdtemp(path.join(options.tmpDir, 'filmroom-ytdlp-'));
  const args = [
    '--no-playlist',
    '--no-part',
    '--no-mtime',
    '--no-cache-dir',
    '--newline',
    '--no-color',
    '--socket-timeout',
    '30',
    // Its own downloaders only: an external one (ffmpeg for HLS, rtmpdump, ...) would connect itself.
    '--downloader',
    'native',
    '--max-filesize',
    String(options.maxBytes),
    '--format',
    'bv*[ext=mp4]+ba[ext=m4a]/b[ext=mp4]/bv*+ba/b',
    '--merge-output-format',
    'mp4',
    '--progress-template',
    `download:${PROGRESS_PREFIX}%(progress._percent_str)s`,
    '--output',
    path.join(dir, 'video.%(ext)s'),
    '--',
    url,
  ];
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawnBound(options.binary, args, {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: proxyEnvironment(options.proxyUrl),
      });
      let stderr = '';
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new ImportError('timedOut', `yt-dlp ran longer than ${options.timeoutMs} ms`));
      }, options.timeoutMs);
      const onAbort = (): void => {
        child.kill('SIGKILL');
        reject(options.signal?.reason ?? new Error('aborted'));
      };
      options.signal?.addEventListener('abort', onAbort, { once: true });
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        for (const line of chunk.split('\n')) {
          const at = line.indexOf(PROGRESS_PREFIX);
          if (at < 0) continue;
          const percent = Number.parseFloat(line.slice(at + PROGRESS_PREFIX.length));
          if (Number.isFinite(percent)) options.onProgress?.(Math.min(100, Math.max(0, percent)));
        }
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        if (stderr.length < 64_000) stderr += chunk;
      });
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        if (code === 0) resolve();
        else reject(classifyYtDlpFailure(stderr));
      });
    });
    const files = (await readdir(dir)).filter((name) => name.startsWith('video.'));
    // yt-dlp exits 0 without a file when --max-filesize skips the download.
    if (files.length === 0) throw new ImportError('tooLarge', 'yt-dlp produced no file');
    return { file: path.join(dir, files[0] as string), dir };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
