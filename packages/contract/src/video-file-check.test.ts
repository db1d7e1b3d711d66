import { describe, expect, it } from 'vitest';
import {
  hasVideoSignature,
  isNonVideoMediaType,
  notAVideoFileMessage,
} from './video-file-check.js';

const bytes = (...parts: (string | number[])[]): Uint8Array => {
  const out = new Uint8Array(192);
  let at = 0;
  for (const part of parts) {
    const values = typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part;
    out.set(values, at);
    at += values.length;
  }
  return out;
};

describe('video file check', () => {
  it('knows the containers phones and cameras write', () => {
    expect(hasVideoSignature(bytes([0, 0, 0, 0x20], 'ftypisom'))).toBe(true);
    expect(hasVideoSignature(bytes([0, 0, 0, 0x14], 'ftypqt  '))).toBe(true);
    expect(hasVideoSignature(bytes([0x1a, 0x45, 0xdf, 0xa3]))).toBe(true);
    expect(hasVideoSignature(bytes('RIFF', [1, 2, 3, 4], 'AVI LIST'))).toBe(true);
  });

  it('refuses a text file, an image and a RIFF that is not a video', () => {
    expect(hasVideoSignature(bytes('Name,Number\n12,Smith'))).toBe(false);
    expect(hasVideoSignature(bytes([0x89], 'PNG'))).toBe(false);
    expect(hasVideoSignature(bytes('RIFF', [1, 2, 3, 4], 'WAVE'))).toBe(false);
  });

  it('trusts a video or generic type and refuses a named other one', () => {
    expect(isNonVideoMediaType('video/mp4')).toBe(false);
    expect(isNonVideoMediaType('')).toBe(false);
    expect(isNonVideoMediaType('application/octet-stream')).toBe(false);
    expect(isNonVideoMediaType('text/plain')).toBe(true);
  });

  it('names the file in the refusal', () => {
    expect(notAVideoFileMessage('roster.txt')).toMatch(/^roster\.txt is not a video file\./);
  });
});
