import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { LocalDiskStorage } from './local-disk-storage.js';
import { ObjectTooLargeError, type ObjectStorage } from './object-storage.js';
import { S3Storage } from './s3-storage.js';

function chunks(...parts: string[]): Readable {
  return Readable.from(parts.map((part) => Buffer.from(part)));
}

async function filesUnder(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

interface Backend {
  name: string;
  storage: () => ObjectStorage;
  storedFiles: () => Promise<string[]>;
}

const root = await mkdtemp(path.join(tmpdir(), 'filmroom-storage-'));
const localRoot = path.join(root, 'local');
const s3Root = path.join(root, 's3');
let s3server: S3rver;
let s3Endpoint = '';

beforeAll(async () => {
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Root,
    configureBuckets: [{ name: 'videos', configs: [] }],
  });
  const { port } = await s3server.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3server.close();
  await rm(root, { recursive: true, force: true });
});

const backends: Backend[] = [
  {
    name: 'local disk',
    storage: () => new LocalDiskStorage(localRoot),
    storedFiles: () => filesUnder(localRoot).catch(() => []),
  },
  {
    name: 'S3-compatible bucket',
    storage: () => new S3Storage({ bucket: 'videos', endpoint: s3Endpoint, prefix: 'test/' }),
    storedFiles: () => filesUnder(path.join(s3Root, 'videos')).catch(() => []),
  },
];

describe.each(backends)('$name storage', ({ storage, storedFiles }) => {
  it('stores a streamed body and reads it back whole and by byte range', async () => {
    const store = storage();
    const info = await store.put('videos/a/source.mp4', chunks('0123', '456789'), {
      contentType: 'video/mp4',
    });
    expect(info).toEqual({ key: 'videos/a/source.mp4', size: 10, contentType: 'video/mp4' });
    expect(await text(await store.read('videos/a/source.mp4'))).toBe('0123456789');
    expect(await text(await store.read('videos/a/source.mp4', { start: 2, end: 5 }))).toBe('2345');
    expect(
      await store.withLocalFile('videos/a/source.mp4', async (file) => path.extname(file)),
    ).toBe('.mp4');
  });

  it('refuses a body past the size limit and keeps nothing of it', async () => {
    const store = storage();
    const before = await storedFiles();
    await expect(
      store.put('videos/b/big.mp4', chunks('01234', '56789', 'abcde'), {
        contentType: 'video/mp4',
        maxBytes: 8,
      }),
    ).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await store.stat('videos/b/big.mp4')).toBeUndefined();
    expect((await storedFiles()).filter((name) => !before.includes(name))).toEqual([]);
  });

  it('deletes objects and reports missing ones as absent', async () => {
    const store = storage();
    await store.put('videos/c/x.jpg', chunks('jpeg'), { contentType: 'image/jpeg' });
    await store.delete('videos/c/x.jpg');
    expect(await store.stat('videos/c/x.jpg')).toBeUndefined();
    await expect(store.delete('videos/c/never.jpg')).resolves.toBeUndefined();
  });

  it('never accepts a key that could escape its root', async () => {
    const store = storage();
    await expect(
      store.put('../escape', chunks('x'), { contentType: 'text/plain' }),
    ).rejects.toThrow(/Unsafe storage key/);
  });
});
