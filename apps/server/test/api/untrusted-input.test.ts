import { readFile } from 'node:fs/promises';
import {
  ApiPaths,
  ErrorNumber,
  Messages,
  ResumableUploadMessages,
  UNTITLED_VIDEO_TITLE,
  unreadableVideoMessage,
  type InProgressVideo,
  type LibraryVideo,
  type VideosResponse,
} from '@filmroom/contract';
import { SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lyingHeaderFilm, scrambledFilm, truncatedFilm } from '../helpers/films.js';
import { makeClip, uploadFile } from '../helpers/media.js';
import { useTestApp } from '../helpers/setup-api.js';
import { json, signedInUser, startTestApp, STRONG_PASSWORD } from '../helpers/test-app.js';
import { tusClient } from '../helpers/tus-client.js';

/** Films and requests as an attacker (or a broken phone) sends them: each is answered in words. */
const ctx = useTestApp();

async function library(token: string): Promise<LibraryVideo[]> {
  return json<VideosResponse<LibraryVideo>>(await ctx.api.get(ApiPaths.libraryVideos, token))
    .videos;
}

async function inProgress(token: string): Promise<InProgressVideo[]> {
  return json<VideosResponse<InProgressVideo>>(await ctx.api.get(ApiPaths.inProgressVideos, token))
    .videos;
}

async function upload(token: string, file: string, fileName = 'film.mp4') {
  return uploadFile(ctx.testApp.app, ApiPaths.libraryFileUpload, token, {
    fileName,
    content: await readFile(file),
  });
}

describe('films whose headers lie', () => {
  it('a clip whose packets claim to be minutes apart is refused at upload, saying why', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const response = await upload(session.token, await lyingHeaderFilm(true));
    expect(response.statusCode).toBe(415);
    expect(json(response).message).toBe(unreadableVideoMessage('upload', 'badTiming'));
    expect(await library(session.token)).toEqual([]);
  });

  it('the same clip sent to either tool is refused before any job is queued', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const content = await readFile(await lyingHeaderFilm(true));
    for (const path of [ApiPaths.inactivityFileUpload, ApiPaths.trackingFileUpload]) {
      const sent = ctx.testApp.jobs.sent.length;
      const response = await uploadFile(ctx.testApp.app, path, session.token, {
        fileName: 'film.mp4',
        content,
      });
      expect(response.statusCode).toBe(415);
      expect(json(response).message).toBe(unreadableVideoMessage('upload', 'badTiming'));
      expect(ctx.testApp.jobs.sent.length).toBe(sent);
    }
    expect(await inProgress(session.token)).toEqual([]);
  });

  it('a 3-s clip whose header declares 136 years is stored as 3 s long', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const response = await upload(session.token, await lyingHeaderFilm(false));
    expect(response.statusCode).toBe(200);
    await ctx.testApp.jobs.idle();
    const [video] = await library(session.token);
    expect(video?.durationSec).toBeCloseTo(3, 0);
  });

  it('an upload cut off halfway is stored as long as what arrived', async () => {
    const { session } = await signedInUser(ctx.testApp);
    expect((await upload(session.token, await truncatedFilm())).statusCode).toBe(200);
    await ctx.testApp.jobs.idle();
    const [video] = await library(session.token);
    expect(video?.durationSec).toBeGreaterThan(7);
    expect(video?.durationSec).toBeLessThan(13);
  });

  it('an upload of which no picture decodes fails at once, naming the cause, with no Retry', async () => {
    const { session } = await signedInUser(ctx.testApp);
    expect((await upload(session.token, await scrambledFilm())).statusCode).toBe(200);
    await ctx.testApp.jobs.idle();
    expect(await inProgress(session.token)).toMatchObject([
      {
        errorMessage: unreadableVideoMessage('upload', 'noPicture'),
        canRetry: false,
      },
    ]);
  });
});

describe('titles', () => {
  it.each(['.mp4', ' .mp4', '\u0000\u0000.mp4', '\ufeff.mp4', '\u200b\u200b.mp4'])(
    'a file named %j gets a title that shows',
    async (fileName) => {
      const { session } = await signedInUser(ctx.testApp);
      const clip = await makeClip(`${ctx.testApp.dataDir}/named-${randomUUID()}.mp4`);
      const response = await upload(session.token, clip, fileName);
      expect(response.statusCode).toBe(200);
      expect(json<LibraryVideo>(response).title).toBe(UNTITLED_VIDEO_TITLE);
    },
  );

  it('an edit to a title of invisible characters only is refused', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const clip = await makeClip(`${ctx.testApp.dataDir}/edit-${randomUUID()}.mp4`);
    const video = json<LibraryVideo>(await upload(session.token, clip, 'Game.mp4'));
    const response = await ctx.api.put(
      ApiPaths.editVideo,
      { videoId: video.id, title: '\u200b\u2060\ufeff', description: 'Second half', notes: '' },
      session.token,
    );
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toContain(Messages.videoNameRequired);
    expect((await library(session.token))[0]?.title).toBe('Game');
  });
});

describe('tokens of users that do not exist', () => {
  async function tokenFor(sub: string): Promise<string> {
    const key = new TextEncoder().encode(ctx.testApp.config.jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email: 'ghost@example.com', role: ['Player'] })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key);
  }

  it('are 401 on the lists, the uploads and the resumable upload', async () => {
    const token = await tokenFor(randomUUID());
    for (const path of [ApiPaths.libraryVideos, ApiPaths.inProgressVideos, ApiPaths.myProfile]) {
      expect((await ctx.api.get(path, token)).statusCode).toBe(401);
    }
    const clip = await makeClip(`${ctx.testApp.dataDir}/ghost-${randomUUID()}.mp4`);
    const uploaded = await upload(token, clip);
    expect(uploaded.statusCode).toBe(401);
    expect(json(uploaded).message).toBe(Messages.unauthorized);
    const tus = tusClient(ctx.testApp.app, { filename: 'a.mp4' }, token);
    expect((await tus.create(10)).statusCode).toBe(401);
    expect((await tus.complete(randomUUID())).statusCode).toBe(401);
  });
});

describe('unfinished resumable uploads', () => {
  it('are capped per user in number, and a removed one frees its place', async () => {
    const capped = await startTestApp(ctx.database.handle.db, {
      env: { MAX_PENDING_UPLOADS_PER_USER: '3' },
    });
    try {
      const { session } = await signedInUser(capped);
      const tus = tusClient(capped.app, { filename: 'a.mp4' }, session.token);
      const locations: string[] = [];
      for (let i = 0; i < 3; i++) {
        const created = await tus.create(10);
        expect(created.statusCode).toBe(201);
        locations.push(String(created.headers.location));
      }
      const refused = await tus.create(10);
      expect(refused.statusCode).toBe(429);
      expect(refused.body).toBe(ResumableUploadMessages.tooManyUnfinished);

      expect((await tus.remove(locations[0]!)).statusCode).toBe(204);
      expect((await tus.create(10)).statusCode).toBe(201);
      // another user is not held back by this one's uploads
      const other = await signedInUser(capped);
      expect((await tusClient(capped.app, {}, other.session.token).create(10)).statusCode).toBe(
        201,
      );
    } finally {
      await capped.close();
    }
  });

  it('are capped per user in the bytes they declare together', async () => {
    const capped = await startTestApp(ctx.database.handle.db, {
      env: { MAX_PENDING_UPLOAD_BYTES_PER_USER: String(1000) },
    });
    try {
      const { session } = await signedInUser(capped);
      const tus = tusClient(capped.app, { filename: 'a.mp4' }, session.token);
      expect((await tus.create(600)).statusCode).toBe(201);
      const refused = await tus.create(600);
      expect(refused.statusCode).toBe(429);
      expect(refused.body).toBe(ResumableUploadMessages.unfinishedTooLarge);
      expect((await tus.create(400)).statusCode).toBe(201);
    } finally {
      await capped.close();
    }
  });
});

describe('guessing a password', () => {
  function login(email: string, password: string, remoteAddress: string) {
    return ctx.testApp.app.inject({
      method: 'POST',
      url: `/api${ApiPaths.login}`,
      payload: { email, password },
      remoteAddress,
    });
  }

  it('is limited per account across addresses, while the owner still signs in where they did before', async () => {
    const owner = await signedInUser(ctx.testApp, {});
    // the owner signs in from home once
    expect((await login(owner.email, STRONG_PASSWORD, '10.9.0.1')).statusCode).toBe(200);

    // 12 guesses from each of 20 addresses: only the account's allowance is ever checked
    const answers: number[] = [];
    for (let address = 0; address < 20; address++) {
      for (let guess = 0; guess < 12; guess++) {
        const response = await login(owner.email, `Guess${address}x${guess}!`, `10.8.${address}.1`);
        answers.push(response.statusCode);
      }
    }
    expect(answers.filter((code) => code === 400)).toHaveLength(10);
    expect(answers.filter((code) => code === 429).length).toBeGreaterThan(200);
    // the right password from yet another address waits too: guessing gains nothing
    const guessed = await login(owner.email, STRONG_PASSWORD, '10.8.99.1');
    expect(guessed.statusCode).toBe(429);
    expect(json(guessed)).toEqual({
      message: Messages.tooManyRequests,
      errorNumber: ErrorNumber.Unknown,
    });
    // the owner, at home, is not locked out
    expect((await login(owner.email, STRONG_PASSWORD, '10.9.0.1')).statusCode).toBe(200);
  });

  it('from addresses of one IPv6 network counts as one client', async () => {
    const strict = await startTestApp(ctx.database.handle.db, {
      env: { RATE_LIMIT_AUTH_MAX: '10' },
    });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 12; i++) {
        const response = await strict.app.inject({
          method: 'POST',
          url: `/api${ApiPaths.login}`,
          payload: { email: `nobody${i}@example.com`, password: 'Wrong!pass1' },
          remoteAddress: `2001:db8:1:2::${i.toString(16)}`,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 10).every((code) => code === 400)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      await strict.close();
    }
  });
});
