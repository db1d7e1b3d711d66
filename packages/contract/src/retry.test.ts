import { describe, expect, it } from 'vitest';
import { ImportErrorMessages, importFailedMessage } from './import-errors.js';
import { ProcessingMessages } from './processing.js';
import { canRetryFailure } from './retry.js';

describe('canRetryFailure', () => {
  it('offers a retry where the engine or the network failed', () => {
    expect(canRetryFailure(ProcessingMessages.processingFailed)).toBe(true);
    expect(canRetryFailure(importFailedMessage('https://youtu.be/abc', 'cutOff'))).toBe(true);
    expect(canRetryFailure(ImportErrorMessages.interrupted)).toBe(true);
  });

  it('offers none where the film or the link is the cause', () => {
    expect(canRetryFailure(ProcessingMessages.noLivePlay)).toBe(false);
    expect(canRetryFailure(ProcessingMessages.noPlayersFound)).toBe(false);
    expect(canRetryFailure(importFailedMessage('https://youtu.be/abc', 'privateVideo'))).toBe(
      false,
    );
    expect(canRetryFailure(ImportErrorMessages.notAVideo)).toBe(false);
    expect(canRetryFailure('')).toBe(false);
  });
});
