import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiPaths,
  resumableCompletePath,
  ResumableUploadPaths,
  UploadKind,
  type LibraryVideo,
  type VideosResponse,
} from '@filmroom/contract';
import type S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, makeClip, uploadFile } from '../helpers/media.js';
import { startS3Server } from '../helpers/s3-server.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { apiClient, json, signedInUser, startTestApp, type TestApp } from '../helpers/test-app.js';

let dir = '';
let clip = Buffer.alloc(0);
let s3server: S3rver;
let database: TestDatabase;
let testApp: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-s3-upload-'));
  clip = await readFile(await makeClip(path.join(dir, 'clip.mp4')));
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  s3server = startS3Server({ directory: path.join(dir, 's3'), bucket: 'films' });
  const { port } = await s3server.run();
  database = await createTestDatabase();
  testApp = await startTestApp(database.handle.db, {
    env: {
      STORAGE: 's3',
      S3_BUCKET: 'films',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_PREFIX: 'filmroom/',
    },
  });
});

afterAll(async () => {
  await testApp?.close();
  await database?.destroy();
  await s3server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('uploads with S3 storage', () => {
  it('store the video, its thumbnail and nothing on local disk, and play back with ranges', async () => {
    const { session } = await signedInUser(testApp);

    const response = await uploadFile(testApp.app, ApiPaths.libraryFileUpload, session.token, {
      fileName: 'away game.mp4',
      content: clip,
    });
    await testApp.jobs.idle();

    expect(response.statusCode).toBe(200);
    const [video] = json<VideosResponse<LibraryVideo>>(
      await apiClient(testApp.app).get(ApiPaths.libraryVideos, session.token),
    ).videos;
    expect(video?.title).toBe('away game');
    const bucketFiles = await filesUnder(path.join(dir, 's3', 'films'));
    expect(bucketFiles.some((file) => file.includes(`${video?.id}/source.mp4`))).toBe(true);
    expect(bucketFiles.some((file) => file.includes(`${video?.id}/thumbnail.jpg`))).toBe(true);
    expect(await filesUnder(testApp.dataDir)).toEqual([]);
    const part = await testApp.app.inject({
      url: video?.url ?? '',
      headers: { range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(clip.subarray(10, 20))).toBe(true);
  });

  it('a resumable upload, once complete, lands in the bucket and leaves nothing on local disk', async () => {
    const { session } = await signedInUser(testApp);
    const headers = { 'tus-resumable': '1.0.0', authorization: `Bearer ${session.token}` };
    const name = Buffer.from('resumed away game.mp4').toString('base64');
    const created = await testApp.app.inject({
      method: 'POST',
      url: `/api${ResumableUploadPaths.base}`,
      headers: {
        ...headers,
        'upload-length': String(clip.length),
        'upload-metadata': `filename ${name}`,
      },
    });
    const location = String(created.headers.location);
    const half = Math.floor(clip.length / 2);
    for (const [offset, bytes] of [
      [0, clip.subarray(0, half)],
      [half, clip.subarray(half)],
    ] as const) {
      const patched = await testApp.app.inject({
        method: 'PATCH',
        url: location,
        payload: bytes,
        headers: {
          ...headers,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
        },
      });
      expect(patched.statusCode).toBe(204);
    }

    const uploadId = location.slice(location.lastIndexOf('/') + 1);
    const completed = await testApp.app.inject({
      method: 'POST',
      url: `/api${resumableCompletePath(uploadId)}`,
      payload: { uploadKind: UploadKind.VideoLibrary },
      headers: { authorization: `Bearer ${session.token}` },
    });
    await testApp.jobs.idle();

    expect(completed.statusCode).toBe(200);
    expect(json<LibraryVideo>(completed)).toMatchObject({
      id: uploadId,
      title: 'resumed away game',
    });
    const bucketFiles = await filesUnder(path.join(dir, 's3', 'films'));
    expect(bucketFiles.some((file) => file.includes(`${uploadId}/source.mp4`))).toBe(true);
    expect(await filesUnder(testApp.dataDir)).toEqual([]);
  });
});
