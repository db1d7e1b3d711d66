import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiPaths,
  ErrorNumber,
  Messages,
  notAVideoMessage,
  ResumableUploadPaths,
  ResumableUploadMessages,
  UploadKind,
  uploadTooLargeMessage,
  VideoType,
  type LibraryVideo,
  type VideosResponse,
} from '@filmroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../src/infra/db/schema.js';
import { filesUnder, makeClip, makeTextFile } from '../helpers/media.js';
import { useTestApp } from '../helpers/setup-api.js';
import { json, signedInUser, startTestApp } from '../helpers/test-app.js';
import { TUS_VERSION, tusClient } from '../helpers/tus-client.js';

const ctx = useTestApp();
/** What the browser sends with a film it uploads. */
const GAME = { filename: 'Game vs Tigers.mp4', filetype: 'video/mp4' };
let dir = '';
let clip = Buffer.alloc(0);
let text = Buffer.alloc(0);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-resumable-'));
  clip = await readFile(await makeClip(path.join(dir, 'clip.mp4')));
  text = await readFile(await makeTextFile(path.join(dir, 'notes.txt')));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function idOf(location: string): string {
  return location.slice(location.lastIndexOf('/') + 1);
}

async function rowCount(): Promise<number> {
  return (await ctx.database.handle.db.select({ id: videos.id }).from(videos)).length;
}

async function uploadsLeft(dataDir = ctx.testApp.dataDir): Promise<string[]> {
  return filesUnder(path.join(dataDir, 'uploads'));
}

describe('resumable uploads (tus)', () => {
  it('an upload cut at half resumes from the offset the server reports and becomes the library video', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const tus = tusClient(ctx.testApp.app, GAME, session.token);
    const half = Math.floor(clip.length / 2);

    const created = await tus.create(clip.length);
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(new RegExp(`^/api${ResumableUploadPaths.base}/[0-9a-f-]{36}$`));
    const first = await tus.patch(location, 0, clip.subarray(0, half));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));

    const resumedAt = await tus.head(location);
    expect(resumedAt.statusCode).toBe(200);
    expect(resumedAt.headers['upload-offset']).toBe(String(half));
    expect(resumedAt.headers['upload-length']).toBe(String(clip.length));
    // Sending the first half again is refused: the client must continue where the server is.
    expect((await tus.patch(location, 0, clip.subarray(0, half))).statusCode).toBe(409);
    expect((await tus.complete(idOf(location))).statusCode).toBe(409);
    const rest = await tus.patch(location, half, clip.subarray(half));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(clip.length));

    const completed = await tus.complete(idOf(location));
    expect(completed.statusCode).toBe(200);
    const video = json<LibraryVideo>(completed);
    expect(video).toMatchObject({
      id: idOf(location),
      title: 'Game vs Tigers',
      type: VideoType.None,
    });
    const library = json<VideosResponse<LibraryVideo>>(
      await ctx.api.get(ApiPaths.libraryVideos, session.token),
    ).videos;
    expect(library.map((listed) => listed.id)).toEqual([video.id]);
    const played = await ctx.testApp.app.inject(video.url);
    expect(played.rawPayload.equals(clip)).toBe(true);
    expect(await uploadsLeft()).toEqual([]);
    // A completion repeated after a lost answer gets the same video, not a second one.
    const repeated = await tus.complete(idOf(location));
    expect(repeated.statusCode).toBe(200);
    expect(json<LibraryVideo>(repeated).id).toBe(video.id);
    await ctx.testApp.jobs.idle();
  });

  it('a finished upload for the Inactivity Filter answers the in-progress video', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const tus = tusClient(ctx.testApp.app, GAME, session.token);
    const location = String((await tus.create(clip.length)).headers.location);
    await tus.patch(location, 0, clip);

    const completed = await tus.complete(idOf(location), UploadKind.Inactivity);

    expect(completed.statusCode).toBe(200);
    expect(json(completed)).toMatchObject({ id: idOf(location), type: VideoType.Inactivity });
    await ctx.testApp.jobs.idle();
  });

  it("another user's upload answers 404 to every request and stays as it was", async () => {
    const owner = await signedInUser(ctx.testApp);
    const other = await signedInUser(ctx.testApp);
    const mine = tusClient(ctx.testApp.app, GAME, owner.session.token);
    const theirs = tusClient(ctx.testApp.app, GAME, other.session.token);
    const half = Math.floor(clip.length / 2);
    const location = String((await mine.create(clip.length)).headers.location);
    await mine.patch(location, 0, clip.subarray(0, half));

    expect((await theirs.head(location)).statusCode).toBe(404);
    expect((await theirs.patch(location, half, clip.subarray(half))).statusCode).toBe(404);
    expect((await theirs.remove(location)).statusCode).toBe(404);
    const completed = await theirs.complete(idOf(location));
    expect(completed.statusCode).toBe(404);
    expect(json(completed)).toEqual({
      message: ResumableUploadMessages.unknownUpload,
      errorNumber: ErrorNumber.Unknown,
    });

    expect((await mine.head(location)).headers['upload-offset']).toBe(String(half));
    expect((await mine.remove(location)).statusCode).toBe(204);
    expect(await uploadsLeft()).toEqual([]);
  });

  it('asks for a signed-in user', async () => {
    const response = await ctx.testApp.app.inject({
      method: 'POST',
      url: `/api${ResumableUploadPaths.base}`,
      headers: { ...TUS_VERSION, 'upload-length': '10' },
    });

    expect(response.statusCode).toBe(401);
    expect(json(response)).toMatchObject({ message: Messages.unauthorized });
  });

  it('a text file is refused in words when it completes, and nothing of it is kept', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const tus = tusClient(ctx.testApp.app, GAME, session.token);
    await ctx.testApp.jobs.idle();
    const rowsBefore = await rowCount();
    const created = await tus.create(text.length, {
      filename: 'notes.txt',
      filetype: 'text/plain',
    });
    const location = String(created.headers.location);
    await tus.patch(location, 0, text);

    const completed = await tus.complete(idOf(location));

    expect(completed.statusCode).toBe(415);
    expect(json(completed)).toEqual({
      message: 'This file is not a video we can read (text/plain)',
      errorNumber: ErrorNumber.Unknown,
    });
    expect(notAVideoMessage('text/plain')).toBe(json(completed).message);
    expect(await rowCount()).toBe(rowsBefore);
    expect(await uploadsLeft()).toEqual([]);
    expect(await filesUnder(path.join(ctx.testApp.dataDir, 'storage'))).not.toContainEqual(
      expect.stringContaining(idOf(location)),
    );
    expect((await tus.head(location)).statusCode).toBe(404);
  });

  it('refuses an upload larger than MAX_UPLOAD_BYTES with the limit in words', async () => {
    const small = await startTestApp(ctx.database.handle.db, {
      env: { MAX_UPLOAD_BYTES: String(1024 * 1024) },
    });
    try {
      const { session } = await signedInUser(small);
      const tus = tusClient(small.app, GAME, session.token);

      const tooLarge = await tus.create(1024 * 1024 + 1);
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.body).toBe(uploadTooLargeMessage(1024 * 1024));

      const location = String((await tus.create(1024)).headers.location);
      const overrun = await tus.patch(location, 0, Buffer.alloc(1024 * 1024 + 10));
      expect(overrun.statusCode).toBe(413);
      expect(overrun.body).toBe(uploadTooLargeMessage(1024 * 1024));
      expect((await tus.head(location)).headers['upload-offset']).toBe('0');
    } finally {
      await small.close();
    }
  });
});
