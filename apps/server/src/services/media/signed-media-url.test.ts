import { describe, expect, it } from 'vitest';
import { createMediaUrlSigner } from './signed-media-url.js';

let now = new Date('2026-03-01T12:00:00.750Z');
const signer = createMediaUrlSigner({
  secret: 'golden-secret-of-at-least-32-characters',
  apiPrefix: '/api',
  clock: () => now,
  defaultTtlSeconds: 21_600,
});

function parts(url: string) {
  const parsed = new URL(url, 'http://localhost');
  const encodedKey = parsed.pathname.replace('/api/media/', '');
  return { encodedKey, query: Object.fromEntries(parsed.searchParams) };
}

describe('signed media URLs', () => {
  // Links already handed out keep working across releases: the format and signature are fixed.
  it('are the same strings as every earlier release signed', () => {
    expect(signer.sign({ key: 'videos/0b8e/9f1c/playable.mp4' })).toBe(
      '/api/media/dmlkZW9zLzBiOGUvOWYxYy9wbGF5YWJsZS5tcDQ' +
        '?exp=1772388000&sig=n5B4dLsYH6HQwuvQYXZx9KY-hLopcqEQpxHSJKMrncY',
    );
    expect(signer.sign({ key: 'videos/0b8e/9f1c/thumbnail.jpg' }, 60)).toBe(
      '/api/media/dmlkZW9zLzBiOGUvOWYxYy90aHVtYm5haWwuanBn' +
        '?exp=1772366460&sig=PdCr9_tOyMA6aUXTDoJjNP3bt-bILq0Btz7DytTJdgs',
    );
    expect(
      signer.sign({
        key: 'videos/0b8e/9f1c/source.mov',
        downloadName: 'Game vs. Tigers & Co #1 (été).mov',
      }),
    ).toBe(
      '/api/media/dmlkZW9zLzBiOGUvOWYxYy9zb3VyY2UubW92?exp=1772388000' +
        '&dl=Game+vs.+Tigers+%26+Co+%231+%28%C3%A9t%C3%A9%29.mov' +
        '&sig=CBHIvlOP-ggSUIj0qJUXteUHrv1n5mywxmfKMiXsrUI',
    );
  });

  it('grant their key until the expiry second, and nothing after it', () => {
    now = new Date('2026-03-01T12:00:00.750Z');
    const { encodedKey, query } = parts(signer.sign({ key: 'videos/a/playable.mp4' }, 60));
    expect(signer.verify(encodedKey, query)).toEqual({ key: 'videos/a/playable.mp4' });
    now = new Date('2026-03-01T12:01:00.000Z');
    expect(signer.verify(encodedKey, query)).toEqual({ key: 'videos/a/playable.mp4' });
    now = new Date('2026-03-01T12:01:00.001Z');
    expect(signer.verify(encodedKey, query)).toBeUndefined();
    now = new Date('2026-03-01T12:00:00.750Z');
  });

  it('refuse a changed key, expiry, download name or signature', () => {
    const url = signer.sign({ key: 'videos/a/playable.mp4', downloadName: 'Game.mp4' });
    const { encodedKey, query } = parts(url);
    expect(signer.verify(encodedKey, query)).toEqual({
      key: 'videos/a/playable.mp4',
      downloadName: 'Game.mp4',
    });
    const otherKey = Buffer.from('videos/b/playable.mp4').toString('base64url');
    expect(signer.verify(otherKey, query)).toBeUndefined();
    expect(signer.verify(encodedKey, { ...query, exp: String(Number(query.exp) + 1) })).toBe(
      undefined,
    );
    expect(signer.verify(encodedKey, { ...query, dl: 'Other.mp4' })).toBeUndefined();
    expect(signer.verify(encodedKey, { ...query, dl: undefined })).toBeUndefined();
    const flipped = `${query.sig?.startsWith('A') ? 'B' : 'A'}${query.sig?.slice(1)}`;
    expect(signer.verify(encodedKey, { ...query, sig: flipped })).toBeUndefined();
    expect(signer.verify(encodedKey, { ...query, sig: undefined })).toBeUndefined();
  });

  it('asked for again carry the expiry of the moment they are asked for', () => {
    now = new Date('2026-03-01T12:00:00.750Z');
    const first = parts(signer.sign({ key: 'videos/a/playable.mp4' }, 60));
    expect(parts(signer.sign({ key: 'videos/a/playable.mp4' }, 60))).toEqual(first);
    now = new Date('2026-03-01T12:00:01.000Z');
    const later = parts(signer.sign({ key: 'videos/a/playable.mp4' }, 60));
    expect(Number(later.query.exp)).toBe(Number(first.query.exp) + 1);
    expect(later.query.sig).not.toBe(first.query.sig);
    expect(parts(signer.sign({ key: 'videos/a/playable.mp4' }, 120)).query.exp).toBe(
      String(Number(later.query.exp) + 60),
    );
    now = new Date('2026-03-01T12:00:00.750Z');
  });

  it('signed until a given second are the same string each time and grant until that second', () => {
    now = new Date('2026-03-01T12:00:00.750Z');
    const until = Date.parse('2026-03-01T18:05:00Z') / 1000;
    const url = signer.signUntil({ key: 'videos/a/playable.mp4' }, until);
    now = new Date('2026-03-01T12:04:59.000Z');
    expect(signer.signUntil({ key: 'videos/a/playable.mp4' }, until)).toBe(url);
    const { encodedKey, query } = parts(url);
    expect(query.exp).toBe(String(until));
    now = new Date('2026-03-01T18:05:00.000Z');
    expect(signer.verify(encodedKey, query)).toEqual({ key: 'videos/a/playable.mp4' });
    now = new Date('2026-03-01T18:05:00.001Z');
    expect(signer.verify(encodedKey, query)).toBeUndefined();
    now = new Date('2026-03-01T12:00:00.750Z');
  });

  it('each grant exactly their own key and download name', () => {
    const grants = [
      { key: 'videos/a/x.mp4', downloadName: 'ab' },
      { key: 'bvideos/a/x.mp4', downloadName: 'a' },
      { key: 'videos/a/x.mp4' },
      { key: 'videos/a/x.mp4', downloadName: 'ab' },
    ];
    for (const grant of grants) {
      const { encodedKey, query } = parts(signer.sign(grant));
      expect(signer.verify(encodedKey, query)).toEqual(grant);
    }
  });

  it('refuse a link signed with another secret', () => {
    const other = createMediaUrlSigner({
      secret: 'another-secret-of-at-least-32-characters',
      apiPrefix: '/api',
      clock: () => now,
      defaultTtlSeconds: 60,
    });
    const { encodedKey, query } = parts(other.sign({ key: 'videos/a/playable.mp4' }));
    expect(signer.verify(encodedKey, query)).toBeUndefined();
  });
});
