import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiPaths,
  ErrorNumber,
  NEW_IN_PROGRESS_PERCENTAGE,
  NO_VIDEO_FILE_MESSAGE,
  notAVideoMessage,
  uploadTooLargeMessage,
  VideoType,
  type InProgressVideo,
  type LibraryVideo,
  type VideosResponse,
} from '@filmroom/contract';
import { probeVideo } from '@filmroom/vision/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../src/infra/db/schema.js';
import { useTestApp } from '../helpers/setup-api.js';
import { filesUnder, makeClip, makeTextFile, uploadFile } from '../helpers/media.js';
import { json, signedInUser, startTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let dir = '';
let h264 = Buffer.alloc(0);
let hevc = Buffer.alloc(0);
let text = Buffer.alloc(0);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-upload-'));
  h264 = await readFile(await makeClip(path.join(dir, 'h264.mp4')));
  hevc = await readFile(await makeClip(path.join(dir, 'hevc.mov'), 'hevc'));
  text = await readFile(await makeTextFile(path.join(dir, 'notes.txt')));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function rowCount(): Promise<number> {
  return (await ctx.database.handle.db.select({ id: videos.id }).from(videos)).length;
}

async function storedFiles(): Promise<string[]> {
  return [
    ...(await filesUnder(path.join(ctx.testApp.dataDir, 'storage'))),
    ...(await filesUnder(path.join(ctx.testApp.dataDir, 'tmp'))),
  ];
}

async function library(token: string): Promise<LibraryVideo[]> {
  return json<VideosResponse<LibraryVideo>>(await ctx.api.get(ApiPaths.libraryVideos, token))
    .videos;
}

describe('uploading a video file to the library', () => {
  it('answers the new video titled after the file, and it tops the library with a thumbnail once ingested', async () => {
    const { session } = await signedInUser(ctx.testApp);

    const response = await uploadFile(ctx.testApp.app, ApiPaths.libraryFileUpload, session.token, {
      fileName: 'Game vs Tigers.mp4',
      content: h264,
    });

    expect(response.statusCode).toBe(200);
    const video = json<LibraryVideo>(response);
    expect(video).toMatchObject({
      title: 'Game vs Tigers',
      description: '',
      notes: '',
      type: VideoType.None,
      canSelectPlayers: false,
    });
    expect(video.url).toMatch(/^\/api\/media\//);
    expect((await library(session.token)).map((v) => v.id)).toEqual([video.id]);

    await ctx.testApp.jobs.idle();
    const [listed] = await library(session.token);
    expect(listed?.thumbnailUrl).toMatch(/^\/api\/media\//);
    const thumbnail = await ctx.testApp.app.inject(listed?.thumbnailUrl ?? '');
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect(thumbnail.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('serves the video to a <video> element with byte ranges', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const video = json<LibraryVideo>(
      await uploadFile(ctx.testApp.app, ApiPaths.libraryFileUpload, session.token, {
        fileName: 'clip.mp4',
        content: h264,
      }),
    );
    await ctx.testApp.jobs.idle();

    const whole = await ctx.testApp.app.inject(video.url);
    const part = await ctx.testApp.app.inject({ url: video.url, headers: { range: 'bytes=0-99' } });

    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(h264)).toBe(true);
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${h264.length}`);
    expect(part.rawPayload.equals(h264.subarray(0, 100))).toBe(true);
  });

  it('gives an iPhone-style HEVC .mov a browser-playable H.264 rendition and keeps the original', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const video = json<LibraryVideo>(
      await uploadFile(ctx.testApp.app, ApiPaths.libraryFileUpload, session.token, {
        fileName: 'IMG_0042.MOV',
        content: hevc,
      }),
    );
    await ctx.testApp.jobs.idle();

    const [listed] = await library(session.token);
    const played = await ctx.testApp.app.inject(listed?.url ?? '');
    const file = path.join(dir, `${video.id}.mp4`);
    await import('node:fs/promises').then((fs) => fs.writeFile(file, played.rawPayload));
    const info = await probeVideo(file);

    expect(played.headers['content-type']).toBe('video/mp4');
    expect(info.video?.codec).toBe('h264');
    expect(info.audio?.codec).toBe('aac');
    const kept = await storedFiles();
    expect(kept.some((key) => key.endsWith(`${video.id}/source.mov`))).toBe(true);
    expect(kept.some((key) => key.endsWith(`${video.id}/playable.mp4`))).toBe(true);
  });
});

describe('uploading a video for processing', () => {
  it.each([
    [ApiPaths.inactivityFileUpload, VideoType.Inactivity],
    [ApiPaths.trackingFileUpload, VideoType.PlayerTracking],
  ] as const)(
    '%s stores the video and lists it in progress for its tool',
    async (apiPath, type) => {
      const { session } = await signedInUser(ctx.testApp);

      const response = await uploadFile(ctx.testApp.app, apiPath, session.token, {
        fileName: 'second half.mp4',
        content: h264,
      });

      expect(response.statusCode).toBe(200);
      const video = json<InProgressVideo>(response);
      expect(video).toMatchObject({
        type,
        title: 'second half',
        percentageCompleted: NEW_IN_PROGRESS_PERCENTAGE,
        errorMessage: '',
      });
      await ctx.testApp.jobs.idle();
      const inProgress = json<VideosResponse<InProgressVideo>>(
        await ctx.api.get(ApiPaths.inProgressVideos, session.token),
      ).videos;
      expect(inProgress.map((v) => v.id)).toEqual([video.id]);
      expect(await library(session.token)).toEqual([]);
    },
  );
});

describe('uploads that are refused', () => {
  it('a request without a file answers 400 and stores nothing', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const before = await rowCount();

    const noField = await uploadFile(ctx.testApp.app, ApiPaths.libraryFileUpload, session.token, {
      field: 'attachment',
      fileName: 'clip.mp4',
      content: h264,
    });
    const notMultipart = await ctx.api.post(ApiPaths.libraryFileUpload, {}, session.token);

    for (const response of [noField, notMultipart]) {
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({
        message: NO_VIDEO_FILE_MESSAGE,
        errorNumber: ErrorNumber.Unknown,
      });
    }
    expect(await rowCount()).toBe(before);
  });

  it.each([
    ['an empty file', 'empty.mp4', () => Buffer.alloc(0)],
    ['a text file renamed .mp4', 'holiday.mp4', () => text],
    ['a plain text file', 'notes.txt', () => text],
    ['a truncated video', 'cut.mp4', () => h264.subarray(0, 200)],
  ])(
    '%s answers 415 saying it is not a video we can read, and leaves nothing behind',
    async (_, name, content) => {
      const { session } = await signedInUser(ctx.testApp);
      await ctx.testApp.jobs.idle();
      const rowsBefore = await rowCount();
      const filesBefore = await storedFiles();

      const response = await uploadFile(
        ctx.testApp.app,
        ApiPaths.libraryFileUpload,
        session.token,
        {
          fileName: name,
          content: content(),
        },
      );

      expect(response.statusCode).toBe(415);
      expect(json(response)).toEqual({
        message: notAVideoMessage('video/mp4'),
        errorNumber: ErrorNumber.Unknown,
      });
      expect(await rowCount()).toBe(rowsBefore);
      expect(await storedFiles()).toEqual(filesBefore);
      expect(await library(session.token)).toEqual([]);
    },
  );

  it.each([
    [
      'an HLS playlist',
      (target: string) =>
        `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:1,\nfile://${target}\n#EXT-X-ENDLIST\n`,
    ],
    ['a concat list', (target: string) => `ffconcat version 1.0\nfile 'file:${target}'\n`],
  ])(
    "%s pointing at another user's stored video answers 415 and copies nothing",
    async (_, playlist) => {
      const owner = await signedInUser(ctx.testApp);
      const victim = json<LibraryVideo>(
        await uploadFile(ctx.testApp.app, ApiPaths.libraryFileUpload, owner.session.token, {
          fileName: 'private.mp4',
          content: h264,
        }),
      );
      await ctx.testApp.jobs.idle();
      const storage = path.join(ctx.testApp.dataDir, 'storage');
      const stored = (await filesUnder(storage)).find((file) => file.includes(victim.id));
      expect(stored).toBeDefined();
      const target = path.join(storage, stored ?? '');
      const attacker = await signedInUser(ctx.testApp);
      const rowsBefore = await rowCount();

      const response = await uploadFile(
        ctx.testApp.app,
        ApiPaths.libraryFileUpload,
        attacker.session.token,
        { fileName: 'innocent.mp4', content: Buffer.from(playlist(target)) },
      );
      await ctx.testApp.jobs.idle();

      expect(response.statusCode).toBe(415);
      expect(await rowCount()).toBe(rowsBefore);
      expect(await library(attacker.session.token)).toEqual([]);
    },
  );

  it('a file over MAX_UPLOAD_BYTES answers 413 with the limit and leaves nothing behind', async () => {
    const small = await startTestApp(ctx.database.handle.db, {
      env: { MAX_UPLOAD_BYTES: String(8 * 1024) },
    });
    try {
      const { session } = await signedInUser(small);
      const rowsBefore = await rowCount();

      const response = await uploadFile(small.app, ApiPaths.libraryFileUpload, session.token, {
        fileName: 'clip.mp4',
        content: Buffer.concat([h264, Buffer.alloc(64 * 1024)]),
      });

      expect(response.statusCode).toBe(413);
      expect(json(response)).toEqual({
        message: uploadTooLargeMessage(8 * 1024),
        errorNumber: ErrorNumber.Unknown,
      });
      expect(await rowCount()).toBe(rowsBefore);
      expect(await filesUnder(small.dataDir)).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.testApp.app.inject({
      method: 'POST',
      url: `/api${ApiPaths.libraryFileUpload}`,
    });
    expect(response.statusCode).toBe(401);
  });
});
