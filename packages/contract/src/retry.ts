import { ImportErrorMessages } from './import-errors.js';
import { ProcessingMessages } from './processing.js';

/** Retry of a failed in-progress video (beyond the spec). */
export const RetryMessages = {
  retrying: 'Trying again.',
  cannotRetry: 'This video cannot be tried again. Please upload it again.',
} as const;

/**
 * Failures a second run may get past: the engine crashed or ran out of time, or the network failed,
 * not the film or the link itself. A film with no live play, a private link or a file that cannot be
 * read (unreadable-video.ts) fail again alike.
 */
const RETRYABLE_FAILURES: readonly string[] = [
  ProcessingMessages.processingFailed,
  ProcessingMessages.timedOut,
  ImportErrorMessages.cutOff,
  ImportErrorMessages.timedOut,
  ImportErrorMessages.unreachable,
  ImportErrorMessages.interrupted,
];

/** Whether a failed video's message (as on its card, `importFailedMessage` included) offers Retry. */
export function canRetryFailure(errorMessage: string): boolean {
  return RETRYABLE_FAILURES.some(
    (message) => errorMessage === message || errorMessage.endsWith(`: ${message}`),
  );
}
