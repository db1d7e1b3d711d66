import { describe, expect, it } from 'vitest';
import { notAVideoMessage, resumableCompletePath } from './resumable-uploads.js';

describe('resumable uploads', () => {
  it('a refused file is named by the type the browser declared', () => {
    expect(notAVideoMessage('text/plain')).toBe(
      'This file is not a video we can read (text/plain)',
    );
    expect(notAVideoMessage('Text/HTML; charset=utf-8')).toBe(
      'This file is not a video we can read (text/html)',
    );
  });

  it('an empty or odd declared type is not repeated', () => {
    expect(notAVideoMessage('')).toBe('This file is not a video we can read');
    expect(notAVideoMessage(undefined)).toBe('This file is not a video we can read');
    expect(notAVideoMessage('<b>x</b>/y')).toBe('This file is not a video we can read');
    expect(notAVideoMessage(`video/${'x'.repeat(500)}`)).toBe(
      'This file is not a video we can read',
    );
  });

  it('the completion path escapes the id', () => {
    expect(resumableCompletePath('a/b')).toBe('/uploads/resumable/a%2Fb/complete');
  });
});
