import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiPaths,
  ErrorNumber,
  Messages,
  VideoType,
  type DirectDownloadResponse,
  type InProgressVideo,
  type LibraryVideo,
  type VideosResponse,
} from '@filmroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/setup-api.js';
import { filesUnder, makeClip, uploadFile } from '../helpers/media.js';
import { json, signedInUser } from '../helpers/test-app.js';

const ctx = useTestApp();
let dir = '';
let clip = Buffer.alloc(0);
const notFound = { message: Messages.notFound, errorNumber: ErrorNumber.Unknown };
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-library-'));
  clip = await readFile(await makeClip(path.join(dir, 'clip.mp4')));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function upload(
  token: string,
  fileName: string,
  apiPath: string = ApiPaths.libraryFileUpload,
) {
  const response = await uploadFile(ctx.testApp.app, apiPath, token, { fileName, content: clip });
  if (response.statusCode !== 200) throw new Error(`upload: ${response.body}`);
  await ctx.testApp.jobs.idle();
  return json<LibraryVideo>(response);
}

async function library(token: string): Promise<LibraryVideo[]> {
  return json<VideosResponse<LibraryVideo>>(await ctx.api.get(ApiPaths.libraryVideos, token))
    .videos;
}

async function inProgress(token: string): Promise<InProgressVideo[]> {
  return json<VideosResponse<InProgressVideo>>(await ctx.api.get(ApiPaths.inProgressVideos, token))
    .videos;
}

function storedFilesOf(videoId: string) {
  return filesUnder(path.join(ctx.testApp.dataDir, 'storage')).then((files) =>
    files.filter((file) => file.includes(videoId)),
  );
}

describe('the library list', () => {
  it('shows only the caller’s videos, newest first, with every field', async () => {
    const owner = await signedInUser(ctx.testApp);
    const other = await signedInUser(ctx.testApp);
    const first = await upload(owner.session.token, 'first.mp4');
    const second = await upload(owner.session.token, 'second.mp4');
    await upload(other.session.token, 'someone else.mp4');

    const videos = await library(owner.session.token);

    expect(videos.map((video) => video.title)).toEqual(['second', 'first']);
    expect(videos.map((video) => video.id)).toEqual([second.id, first.id]);
    expect(Object.keys(videos[0] ?? {}).sort()).toEqual(
      [
        'canSelectPlayers',
        'date',
        'description',
        'durationSec',
        'id',
        'notes',
        'thumbnailUrl',
        'title',
        'type',
        'url',
      ].sort(),
    );
    expect(new Date(videos[0]?.date ?? '').getTime()).not.toBeNaN();
    expect(videos[0]?.type).toBe(VideoType.None);
  });
});

describe('editing a video', () => {
  it('saves trimmed title, description and notes and shows them in the library', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const video = await upload(session.token, 'raw.mp4');

    const response = await ctx.api.put(
      ApiPaths.editVideo,
      {
        videoId: video.id,
        title: '  Game vs Tigers ',
        description: ' Second half ',
        notes: ' #7 ',
      },
      session.token,
    );

    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({
      id: video.id,
      title: 'Game vs Tigers',
      description: 'Second half',
      notes: '#7',
    });
    expect((await library(session.token))[0]).toMatchObject({
      title: 'Game vs Tigers',
      description: 'Second half',
      notes: '#7',
    });
  });

  it('reports an empty name and description together and changes nothing', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const video = await upload(session.token, 'keep.mp4');

    const response = await ctx.api.put(
      ApiPaths.editVideo,
      { videoId: video.id, title: '   ', description: '', notes: 'x' },
      session.token,
    );

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      message: Messages.videoNameRequired,
      errorNumber: ErrorNumber.Unknown,
      errors: [Messages.videoNameRequired, Messages.videoDescriptionRequired],
    });
    expect((await library(session.token))[0]?.title).toBe('keep');
  });

  it('accepts a missing notes field (notes are optional)', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const video = await upload(session.token, 'no notes.mp4');

    const response = await ctx.api.put(
      ApiPaths.editVideo,
      { videoId: video.id, title: 'Title', description: 'Description' },
      session.token,
    );

    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ notes: '' });
  });
});

describe('downloading a video', () => {
  it('gives a signed link that downloads as an attachment named after the title', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const video = await upload(session.token, 'x.mp4');
    await ctx.api.put(
      ApiPaths.editVideo,
      { videoId: video.id, title: 'Game vs Tigers', description: 'd', notes: '' },
      session.token,
    );

    const response = await ctx.api.get(
      `${ApiPaths.directDownload}?videoId=${video.id}`,
      session.token,
    );

    expect(response.statusCode).toBe(200);
    const { downloadUrl } = json<DirectDownloadResponse>(response);
    const file = await ctx.testApp.app.inject(downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Game vs Tigers.mp4"; filename*=UTF-8''Game%20vs%20Tigers.mp4`,
    );
    expect(file.rawPayload.equals(clip)).toBe(true);
  });

  it('refuses a tampered or expired link', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const video = await upload(session.token, 'x.mp4');
    const { downloadUrl } = json<DirectDownloadResponse>(
      await ctx.api.get(`${ApiPaths.directDownload}?videoId=${video.id}`, session.token),
    );

    const tampered = await ctx.testApp.app.inject(downloadUrl.replace('dl=', 'dl=evil'));
    ctx.testApp.clock.advance(7 * 24 * 3600 * 1000);
    const expired = await ctx.testApp.app.inject(downloadUrl);

    expect(tampered.statusCode).toBe(403);
    expect(expired.statusCode).toBe(403);
  });
});

describe('deleting a video', () => {
  it('removes it from the library and removes its files from storage', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const video = await upload(session.token, 'bye.mp4');
    expect((await storedFilesOf(video.id)).length).toBeGreaterThan(0);

    const response = await ctx.api.delete(
      `${ApiPaths.deleteVideo}?videoId=${video.id}`,
      session.token,
    );

    expect(response.statusCode).toBe(200);
    expect(await library(session.token)).toEqual([]);
    expect(await storedFilesOf(video.id)).toEqual([]);
  });
});

describe('ownership', () => {
  it.each([
    ['another user’s id', 'other'],
    ['an unknown id', UNKNOWN_ID],
    ['a malformed id', 'not-a-uuid'],
  ])('%s answers 404 on every video endpoint and changes nothing', async (_, which) => {
    const owner = await signedInUser(ctx.testApp);
    const intruder = await signedInUser(ctx.testApp);
    const video = await upload(owner.session.token, 'mine.mp4');
    const id = which === 'other' ? video.id : which;
    const token = intruder.session.token;

    const responses = [
      await ctx.api.put(
        ApiPaths.editVideo,
        { videoId: id, title: 'Hacked', description: 'Hacked', notes: '' },
        token,
      ),
      await ctx.api.delete(`${ApiPaths.deleteVideo}?videoId=${id}`, token),
      await ctx.api.get(`${ApiPaths.directDownload}?videoId=${id}`, token),
      await ctx.api.put(`${ApiPaths.deleteInProgressVideo}?videoId=${id}`, undefined, token),
      await ctx.api.post(ApiPaths.errorNotificationRead, { videoId: id }, token),
      await ctx.api.post(
        ApiPaths.processLibrary,
        { videoId: id, videoType: VideoType.Inactivity },
        token,
      ),
    ];

    for (const response of responses) {
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual(notFound);
    }
    expect(await library(owner.session.token)).toMatchObject([{ id: video.id, title: 'mine' }]);
    expect((await storedFilesOf(video.id)).length).toBeGreaterThan(0);
    expect(await inProgress(token)).toEqual([]);
  });
});

describe('processing a library video', () => {
  it('lists the request in progress at 33 % and keeps the library video', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const video = await upload(session.token, 'match.mp4');

    const response = await ctx.api.post(
      ApiPaths.processLibrary,
      { videoId: video.id, videoType: VideoType.PlayerTracking },
      session.token,
    );

    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({
      type: VideoType.PlayerTracking,
      title: 'match',
      percentageCompleted: 33,
    });
    expect((await inProgress(session.token)).map((v) => v.title)).toEqual(['match']);
    expect((await library(session.token)).map((v) => v.id)).toEqual([video.id]);
  });

  it('cancelling it removes the request but not the library video', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const video = await upload(session.token, 'match.mp4');
    const request = json<InProgressVideo>(
      await ctx.api.post(
        ApiPaths.processLibrary,
        { videoId: video.id, videoType: VideoType.Inactivity },
        session.token,
      ),
    );

    const response = await ctx.api.put(
      `${ApiPaths.deleteInProgressVideo}?videoId=${request.id}`,
      undefined,
      session.token,
    );

    expect(response.statusCode).toBe(200);
    expect(await inProgress(session.token)).toEqual([]);
    expect((await library(session.token)).map((v) => v.id)).toEqual([video.id]);
    expect((await storedFilesOf(video.id)).length).toBeGreaterThan(0);
  });
});
