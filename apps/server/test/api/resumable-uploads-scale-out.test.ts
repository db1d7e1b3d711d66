import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiPaths,
  ResumableUploadPaths,
  type LibraryVideo,
  type VideosResponse,
} from '@filmroom/contract';
import { ERRORS } from '@tus/utils';
import { PassThrough } from 'node:stream';
import type S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgUploadLocker } from '../../src/infra/storage/pg-upload-locker.js';
import { filesUnder, makeClip } from '../helpers/media.js';
import { startS3Server } from '../helpers/s3-server.js';
import { tusClient } from '../helpers/tus-client.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { apiClient, json, signedInUser, startTestApp, type TestApp } from '../helpers/test-app.js';

/** Two api instances behind a load balancer: one database, one bucket, a DATA_DIR each. */
let dir = '';
let film: Buffer = Buffer.alloc(0);
let s3server: S3rver;
let database: TestDatabase;
let first: TestApp;
let second: TestApp;

/** The test clip grown past S3's 5 MiB least part by a trailing MP4 `free` box (still a video). */
function padded(clip: Buffer, bytes: number): Buffer {
  const box = Buffer.alloc(bytes);
  box.writeUInt32BE(bytes, 0);
  box.write('free', 4, 'latin1');
  return Buffer.concat([clip, box]);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-scale-out-'));
  film = padded(await readFile(await makeClip(path.join(dir, 'clip.mp4'))), 12 * 1024 * 1024);
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  s3server = startS3Server({ directory: path.join(dir, 's3'), bucket: 'films' });
  const { port } = await s3server.run();
  database = await createTestDatabase();
  const env = {
    STORAGE: 's3',
    S3_BUCKET: 'films',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_PREFIX: 'filmroom/',
    // On PostgreSQL each instance locks uploads through the database, as in production.
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  };
  first = await startTestApp(database.handle.db, { env });
  second = await startTestApp(database.handle.db, { env });
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.destroy();
  await s3server?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The S3 settings an instance runs with, for one more instance on the same bucket. */
function s3Env(testApp: TestApp): Record<string, string> {
  const storage = testApp.config.storage;
  if (storage.kind !== 's3') throw new Error('expected S3 storage');
  return {
    STORAGE: 's3',
    S3_BUCKET: storage.bucket,
    S3_ENDPOINT: storage.endpoint ?? '',
    S3_PREFIX: storage.prefix ?? '',
  };
}

describe('resumable uploads behind a load balancer (STORAGE=s3)', () => {
  it('an upload half-sent to one instance is resumed and completed on another, with nothing on either disk', async () => {
    const { session } = await signedInUser(first);
    const created = await tusClient(first.app, {}, session.token).create(film.length, {
      filename: 'Game vs Hawks.mp4',
    });
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(new RegExp(`^/api${ResumableUploadPaths.base}/[0-9a-f-]{36}$`));
    const uploadId = location.slice(location.lastIndexOf('/') + 1);
    // More than a part of S3 (5 MiB), not a whole number of them: a part and a remainder.
    const sent = 7_000_003;
    const half = await tusClient(first.app, {}, session.token).patch(
      location,
      0,
      film.subarray(0, sent),
    );
    expect(half.statusCode).toBe(204);
    expect(half.headers['upload-offset']).toBe(String(sent));

    const elsewhere = tusClient(second.app, {}, session.token);
    const resumedAt = await elsewhere.head(location);
    expect(resumedAt.statusCode).toBe(200);
    expect(resumedAt.headers['upload-offset']).toBe(String(sent));
    expect(resumedAt.headers['upload-length']).toBe(String(film.length));
    const stranger = await signedInUser(second);
    expect(
      (await tusClient(second.app, {}, stranger.session.token).head(location)).statusCode,
    ).toBe(404);
    const rest = await elsewhere.patch(location, sent, film.subarray(sent));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(film.length));
    const foreign = await tusClient(second.app, {}, stranger.session.token).complete(uploadId);
    expect(foreign.statusCode).toBe(404);

    const completed = await tusClient(second.app, {}, session.token).complete(uploadId);
    await second.jobs.idle();

    expect(completed.statusCode).toBe(200);
    expect(json<LibraryVideo>(completed)).toMatchObject({ id: uploadId, title: 'Game vs Hawks' });
    const library = json<VideosResponse<LibraryVideo>>(
      await apiClient(first.app).get(ApiPaths.libraryVideos, session.token),
    ).videos;
    expect(library.map((video) => video.id)).toEqual([uploadId]);
    const played = await first.app.inject(library[0]?.url ?? '');
    expect(played.rawPayload.equals(film)).toBe(true);
    const bucketFiles = await filesUnder(path.join(dir, 's3', 'films'));
    expect(bucketFiles.some((file) => file.includes(`${uploadId}/source.mp4`))).toBe(true);
    // The upload itself is gone from the bucket, and neither instance kept anything on disk.
    expect(bucketFiles.filter((file) => file.includes('resumable-uploads'))).toEqual([]);
    expect(await filesUnder(first.dataDir)).toEqual([]);
    expect(await filesUnder(second.dataDir)).toEqual([]);
    // The completion repeated on the first instance gets the same video.
    const repeated = await tusClient(first.app, {}, session.token).complete(uploadId);
    expect(json<LibraryVideo>(repeated).id).toBe(uploadId);
  });

  it('refuses an upload larger than MAX_UPLOAD_BYTES, declared or sent', async () => {
    const small = await startTestApp(database.handle.db, {
      env: { ...s3Env(first), MAX_UPLOAD_BYTES: '1048576' },
    });
    try {
      const { session } = await signedInUser(small);
      const { create } = tusClient(small.app, {}, session.token);
      expect((await create(1048577)).statusCode).toBe(413);
      const location = String((await create(1024)).headers.location);
      const overrun = await tusClient(small.app, {}, session.token).patch(
        location,
        0,
        Buffer.alloc(1048586),
      );
      expect(overrun.statusCode).toBe(413);
      expect(
        (await tusClient(small.app, {}, session.token).head(location)).headers['upload-offset'],
      ).toBe('0');
      const removed = await small.app.inject({
        method: 'DELETE',
        url: location,
        headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${session.token}` },
      });
      expect(removed.statusCode).toBe(204);
    } finally {
      await small.close();
    }
  });

  it('an unfinished upload past the expiry is removed from the bucket', async () => {
    const { session } = await signedInUser(first);
    const created = await tusClient(first.app, {}, session.token).create(film.length);
    const location = String(created.headers.location);
    await tusClient(first.app, {}, session.token).patch(location, 0, film.subarray(0, 1000));
    const uploadId = location.slice(location.lastIndexOf('/') + 1);
    const { openS3ResumableUploadStore } =
      await import('../../src/infra/storage/resumable-upload-store.js');
    const storage = first.config.storage;
    if (storage.kind !== 's3') throw new Error('expected S3 storage');
    const { kind: _kind, ...s3 } = storage;
    const fresh = openS3ResumableUploadStore({ ...s3, expiryMs: 60 * 60 * 1000 });
    const expired = openS3ResumableUploadStore({ ...s3, expiryMs: 1 });

    expect(await fresh.removeExpired()).toBe(0);
    expect(await fresh.find(uploadId)).toMatchObject({ offset: 1000, size: film.length });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await expired.removeExpired()).toBe(1);

    expect(await fresh.find(uploadId)).toBeUndefined();
    expect((await tusClient(second.app, {}, session.token).head(location)).statusCode).toBe(404);
    const bucketFiles = await filesUnder(path.join(dir, 's3', 'films'));
    expect(bucketFiles.filter((file) => file.includes(uploadId))).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL || process.env.TEST_DB !== 'postgres')(
  'the upload lock across api instances (PostgreSQL)',
  () => {
    it("a client back on another instance stops the first instance's stalled request and resumes where it stopped", async () => {
      const { session } = await signedInUser(first);
      const created = await tusClient(first.app, {}, session.token).create(film.length);
      const location = String(created.headers.location);
      const uploadId = location.slice(location.lastIndexOf('/') + 1);
      // A link that went quiet after 6 MB: the first instance still holds the upload.
      const body = new PassThrough();
      body.write(film.subarray(0, 6 * 1024 * 1024));
      const stalled = first.app.inject({
        method: 'PATCH',
        url: location,
        payload: body,
        headers: {
          'tus-resumable': '1.0.0',
          authorization: `Bearer ${session.token}`,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': '0',
        },
      });
      await new Promise((resolve) => setTimeout(resolve, 1000));

      const elsewhere = tusClient(second.app, {}, session.token);
      const resumedAt = await elsewhere.head(location);
      expect(resumedAt.statusCode).toBe(200);
      const offset = Number(resumedAt.headers['upload-offset']);
      expect(offset).toBe(6 * 1024 * 1024);
      // tus ends the stopped request with what it had stored before letting go.
      const stopped = await stalled;
      expect(stopped.statusCode).toBe(204);
      expect(stopped.headers['upload-offset']).toBe(String(offset));
      body.destroy();
      const rest = await elsewhere.patch(location, offset, film.subarray(offset));
      expect(rest.headers['upload-offset']).toBe(String(film.length));
      const completed = await tusClient(second.app, {}, session.token).complete(uploadId);
      await second.jobs.idle();
      expect(completed.statusCode).toBe(200);
      const video = json<LibraryVideo>(completed);
      expect((await second.app.inject(video.url)).rawPayload.equals(film)).toBe(true);
    });

    const id = 'filmroom/resumable-uploads/00000000-0000-4000-8000-00000000000a';

    it('a second holder asks the first to let go and gets the upload once it has', async () => {
      const one = new PgUploadLocker({ connectionString: database.url ?? '' });
      const two = new PgUploadLocker({ connectionString: database.url ?? '' });
      try {
        const held = one.newLock(id);
        const events: string[] = [];
        await held.lock(new AbortController().signal, () => {
          // Asked again on every try of the waiting side, as MemoryLocker does.
          if (events.includes('asked to release')) return;
          events.push('asked to release');
          setTimeout(() => {
            events.push('released');
            void held.unlock();
          }, 300);
        });

        const wanted = two.newLock(id);
        await wanted.lock(new AbortController().signal, () => undefined);
        events.push('taken');

        expect(events).toEqual(['asked to release', 'released', 'taken']);
        // Held by the second now: the first waits in turn.
        const again = one.newLock(id);
        const refused = again.lock(AbortSignal.timeout(200), () => undefined);
        await expect(refused).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
        await wanted.unlock();
        await again.lock(new AbortController().signal, () => undefined);
        await again.unlock();
      } finally {
        await one.close();
        await two.close();
      }
    });

    it('a holder that does not let go makes the other wait out its timeout', async () => {
      const one = new PgUploadLocker({ connectionString: database.url ?? '' });
      const two = new PgUploadLocker({
        connectionString: database.url ?? '',
        acquireTimeoutMs: 500,
      });
      try {
        const held = one.newLock(id);
        let asked = 0;
        await held.lock(new AbortController().signal, () => {
          asked += 1;
        });
        const started = Date.now();
        await expect(
          two.newLock(id).lock(new AbortController().signal, () => undefined),
        ).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
        expect(Date.now() - started).toBeGreaterThanOrEqual(400);
        expect(asked).toBeGreaterThan(0);
        await held.unlock();
        const after = two.newLock(id);
        await after.lock(new AbortController().signal, () => undefined);
        await after.unlock();
      } finally {
        await one.close();
        await two.close();
      }
    });
  },
);
