import { isAxiosError, isCancel } from 'axios';
import { Messages } from '@filmroom/contract';
import { errorBodyOf, errorMessageOf, isHandled, statusOf } from '../../../lib/api-error.js';
import { notify } from '../../../lib/notifier.js';

/**
 * The toast an upload failure earns (spec §4, §8), or undefined when none should show: a 400 shows the
 * server's message, a network failure its own text, anything else the generic upload text unless a
 * toast is already on screen (e.g. the 401 handler's).
 */
export function uploadErrorMessage(error: unknown): string | undefined {
  if (isHandled(error) || isCancel(error)) return undefined;
  const status = statusOf(error);
  const serverMessage = errorBodyOf(error)?.message;
  if (status === 400 && typeof serverMessage === 'string' && serverMessage.trim() !== '') {
    return serverMessage;
  }
  // Too large and not a video: the server's reason helps more than the generic text.
  if (status === 413 || status === 415) return errorMessageOf(error);
  if (isAxiosError(error) && !error.response && error.request) return Messages.uploadNetworkFailure;
  return notify.isActive() ? undefined : Messages.uploadFailed;
}
