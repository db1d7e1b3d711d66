import { DetailedError, Upload } from 'tus-js-client';
import {
  resumableCompletePath,
  ResumableMetadataKeys,
  ResumableUploadPaths,
  type InProgressVideo,
  type LibraryVideo,
  type ResumableCompleteRequest,
  type Sport,
  type UploadKind,
} from '@filmroom/contract';
import { currentAccessToken, http } from '../../../lib/http-client.js';
import { getRuntimeConfig } from '../../../lib/runtime-config.js';

/** The server has no resumable endpoint (an older or spec-only server): use the multipart upload. */
export class ResumableUnavailableError extends Error {
  override readonly name = 'ResumableUnavailableError';
}

/** The user cancelled the upload. */
export class UploadCancelledError extends Error {
  override readonly name = 'UploadCancelledError';
}

/** Waits between retries after a dropped connection: about two minutes in all, then it fails. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000];

function endpoint(): string {
  const base = `${getRuntimeConfig().apiBaseUrl}${ResumableUploadPaths.base}`;
  return new URL(base, window.location.href).href;
}

function isCreationRefusedAsMissing(error: unknown): boolean {
  return (
    error instanceof DetailedError &&
    error.originalRequest?.getMethod() === 'POST' &&
    error.originalResponse?.getStatus() === 404
  );
}

/** Sends the file with tus, resuming an earlier upload of the same file; resolves with its id. */
function sendResumable(
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal | undefined,
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    // The server is creating the upload and has not answered yet: its URL is still unknown.
    let creating = false;
    const dropOnServer = (): void => {
      upload.abort(true).catch(() => undefined);
    };
    const upload = new Upload(file, {
      endpoint: endpoint(),
      metadata: {
        [ResumableMetadataKeys.fileName]: file.name,
        [ResumableMetadataKeys.contentType]: file.type,
      },
      retryDelays: RETRY_DELAYS_MS,
      // A reload, or choosing the same file again, continues where the server is.
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      async onBeforeRequest(request) {
        if (request.getMethod() === 'POST') creating = true;
        const token = await currentAccessToken();
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
      onAfterResponse(request) {
        if (request.getMethod() === 'POST') creating = false;
      },
      // A cancel that came while the server was creating the upload drops it once its URL is known.
      onUploadUrlAvailable() {
        if (signal?.aborted) dropOnServer();
      },
      // Once bytes are on their way, ride out a dropped link (offline included) and resume; a
      // server unreachable from the start is reported at once.
      onShouldRetry(error) {
        if (!upload.url) return false;
        const status = error.originalResponse?.getStatus() ?? 0;
        return status < 400 || status >= 500 || status === 409 || status === 423;
      },
      onProgress,
      onSuccess: () => resolve((upload.url ?? '').split('/').pop() ?? ''),
      onError: (error) => {
        if (signal?.aborted) return;
        reject(isCreationRefusedAsMissing(error) ? new ResumableUnavailableError() : error);
      },
    });
    signal?.addEventListener(
      'abort',
      () => {
        reject(new UploadCancelledError());
        // Cancelled for good: the server drops what it received. Aborting the creation's request
        // would lose the URL of what the server made, so that one is left to answer first.
        if (!creating || upload.url) dropOnServer();
      },
      { once: true },
    );
    void upload.findPreviousUploads().then(
      (previous) => {
        if (signal?.aborted) return;
        const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) upload.resumeFromPreviousUpload(latest);
        upload.start();
      },
      (error: unknown) => reject(error as Error),
    );
  });
}

/**
 * Uploads a device file resumably (decision 0020), then turns it into a video as the spec's
 * multipart upload would; answers the same JSON.
 */
export async function uploadVideoResumable(
  file: File,
  uploadKind: UploadKind,
  options: {
    onProgress: (sent: number, total: number) => void;
    signal?: AbortSignal;
    /** The film's sport for a tool, sent with the completion. */
    sport?: Sport | undefined;
  },
): Promise<Partial<LibraryVideo & InProgressVideo> | undefined> {
  const uploadId = await sendResumable(file, options.onProgress, options.signal);
  const completion: ResumableCompleteRequest = {
    uploadKind,
    ...(options.sport ? { sport: options.sport } : {}),
  };
  const response = await http.post<Partial<LibraryVideo & InProgressVideo> | undefined>(
    resumableCompletePath(uploadId),
    completion,
    { signal: options.signal },
  );
  return response.data;
}
