import { isAxiosError, isCancel } from 'axios';
import { DetailedError } from 'tus-js-client';
import { Messages } from '@filmroom/contract';
import { errorBodyOf, isHandled, statusOf } from '../../../lib/api-error.js';
import { notify } from '../../../lib/notifier.js';
import { UploadCancelledError } from '../api/upload-video-resumable.js';

/** A tus answer's words: plain text from tus, or the API's JSON error body (e.g. a 401). */
function wordsOf(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    const message = (parsed as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? message : body;
  } catch {
    return body;
  }
}

function wasCancelled(error: unknown): boolean {
  return isHandled(error) || isCancel(error) || error instanceof UploadCancelledError;
}

/**
 * What went wrong with an upload in words the user can act on, or undefined when no specific reason
 * is known (or the user cancelled): the server's message for 400, 413 and 415 ("This file is not a
 * video we can read (text/plain)"), the network text when no answer came.
 */
export function uploadFailureReason(error: unknown): string | undefined {
  if (wasCancelled(error)) return undefined;
  if (error instanceof DetailedError) {
    const response = error.originalResponse;
    if (!response) return Messages.uploadNetworkFailure;
    const status = response.getStatus();
    const body = wordsOf((response.getBody() ?? '').trim());
    return status >= 400 && status < 500 && body !== '' && body.length < 300 ? body : undefined;
  }
  const status = statusOf(error);
  const serverMessage = errorBodyOf(error)?.message;
  if (
    (status === 400 || status === 413 || status === 415) &&
    typeof serverMessage === 'string' &&
    serverMessage.trim() !== ''
  ) {
    return serverMessage;
  }
  if (status === 415) return Messages.unsupportedMediaType;
  if (isAxiosError(error) && !error.response && error.request) return Messages.uploadNetworkFailure;
  return undefined;
}

/**
 * The toast an upload failure earns (spec §4, §8), or undefined when none should show: a 400 shows the
 * server's message, a network failure its own text, anything else the generic upload text unless a
 * toast is already on screen (e.g. the 401 handler's). Too large and not a video show the server's
 * words: they help more than the generic text.
 */
export function uploadErrorMessage(error: unknown): string | undefined {
  if (wasCancelled(error)) return undefined;
  const reason = uploadFailureReason(error);
  if (reason) return reason;
  return notify.isActive() ? undefined : Messages.uploadFailed;
}
