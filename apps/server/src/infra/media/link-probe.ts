import { VideoSource, type ImportErrorKind } from '@filmroom/contract';
import { guardedFetch } from '../net/guarded-fetch.js';
import { resolveICloudLink } from './icloud-resolver.js';
import {
  assertPublicHost,
  importFailureKind,
  throughGuard,
  type LinkKind,
} from './link-download.js';
import { probeWithYtDlp } from './yt-dlp.js';

export interface LinkProbeConfig {
  ytDlpPath: string;
  /** How long the probe may take before it gives up and leaves the decision to the import. */
  timeoutMs: number;
  /** Test-only trusted hosts (SSRF_ALLOW_HOSTS) that the guard lets through. */
  allowHosts: readonly string[];
  iCloudResolveUrl: string;
}

/**
 * What a link turned out to be before it is accepted: fetchable (its metadata or share resolved),
 * unfetchable for a reason the user can act on, or undecided (out of time, or a failure that says
 * nothing about the link), which the import job then settles.
 */
export type LinkProbeResult =
  | { outcome: 'fetchable' }
  | { outcome: 'unfetchable'; kind: ImportErrorKind }
  | { outcome: 'undecided' };

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}

/**
 * Checks that a link can be fetched without downloading it: a platform link's metadata is read with
 * yt-dlp behind the guarding proxy, an iCloud share is resolved through the guarded fetch; both
 * within `timeoutMs`.
 */
export function createLinkProbe(config: LinkProbeConfig) {
  async function resolve(url: string, kind: LinkKind, signal: AbortSignal): Promise<void> {
    if (kind === VideoSource.Cloud) {
      await resolveICloudLink(
        url,
        (target, init) => guardedFetch(target, { ...init, allowHosts: config.allowHosts, signal }),
        config.iCloudResolveUrl,
      );
      return;
    }
    await assertPublicHost(url, config.allowHosts);
    await throughGuard(config.allowHosts, (proxyUrl) =>
      probeWithYtDlp(url, { binary: config.ytDlpPath, proxyUrl, signal }),
    );
  }

  return {
    async probe(url: string, kind: LinkKind): Promise<LinkProbeResult> {
      const signal = AbortSignal.timeout(config.timeoutMs);
      try {
        // A DNS lookup does not listen to the signal: the bound holds whatever step is running.
        await Promise.race([resolve(url, kind, signal), aborted(signal)]);
        return { outcome: 'fetchable' };
      } catch (error) {
        if (signal.aborted) return { outcome: 'undecided' };
        const failure = importFailureKind(error);
        // A timeout inside the bound (yt-dlp's own socket timeout) says as little as running out of it.
        if (failure === undefined || failure === 'timedOut') return { outcome: 'undecided' };
        return { outcome: 'unfetchable', kind: failure };
      }
    },
  };
}

export type LinkProbe = ReturnType<typeof createLinkProbe>;
