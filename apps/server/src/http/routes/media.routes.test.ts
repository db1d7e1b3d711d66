import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../../infra/storage/local-disk-storage.js';
import { createMediaUrlSigner } from '../../services/media/signed-media-url.js';
import { registerErrorHandler } from '../plugins/error-handler.js';
import { mediaRoutes } from './media.routes.js';

let dir = '';
let app: FastifyInstance;
let now = new Date('2026-01-01T00:00:00Z');
const signer = createMediaUrlSigner({
  secret: 'test-secret',
  apiPrefix: '/api',
  clock: () => now,
  defaultTtlSeconds: 3600,
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-media-'));
  const storage = new LocalDiskStorage(dir);
  await storage.put('videos/v1/playable.mp4', Readable.from([Buffer.from('0123456789')]), {
    contentType: 'video/mp4',
  });
  app = Fastify();
  registerErrorHandler(app);
  await app.register(mediaRoutes({ storage, signer }), { prefix: '/api' });
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('signed media URLs', () => {
  it.each(['../outside.txt', 'videos/../../outside.txt', '/etc/passwd', 'videos//v1'])(
    'refuse with 403 a signed key that leaves storage (%s)',
    async (key) => {
      const response = await app.inject(signer.sign({ key }));
      expect(response.statusCode).toBe(403);
    },
  );

  it('serve the whole file with its content type', async () => {
    const response = await app.inject(signer.sign({ key: 'videos/v1/playable.mp4' }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.body).toBe('0123456789');
  });

  it('serve byte ranges with 206 so a video can seek', async () => {
    const response = await app.inject({
      url: signer.sign({ key: 'videos/v1/playable.mp4' }),
      headers: { range: 'bytes=3-6' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe('bytes 3-6/10');
    expect(response.body).toBe('3456');
    const unsatisfiable = await app.inject({
      url: signer.sign({ key: 'videos/v1/playable.mp4' }),
      headers: { range: 'bytes=50-60' },
    });
    expect(unsatisfiable.statusCode).toBe(416);
  });

  it('offer downloads under a readable file name', async () => {
    const response = await app.inject(
      signer.sign({ key: 'videos/v1/playable.mp4', downloadName: 'Game vs. Tigers.mp4' }),
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Game vs. Tigers.mp4"; filename*=UTF-8''Game%20vs.%20Tigers.mp4`,
    );
  });

  it('refuse altered, forged and expired links', async () => {
    const url = signer.sign({ key: 'videos/v1/playable.mp4' }, 60);
    const otherKey = url.replace(
      Buffer.from('videos/v1/playable.mp4').toString('base64url'),
      Buffer.from('videos/v2/playable.mp4').toString('base64url'),
    );
    expect((await app.inject(otherKey)).statusCode).toBe(403);
    expect((await app.inject(url.replace(/sig=[^&]+/, 'sig=AAAA'))).statusCode).toBe(403);
    expect((await app.inject(url.replace(/exp=\d+/, 'exp=9999999999'))).statusCode).toBe(403);
    now = new Date(now.getTime() + 61_000);
    expect((await app.inject(url)).statusCode).toBe(403);
    now = new Date('2026-01-01T00:00:00Z');
  });
});
