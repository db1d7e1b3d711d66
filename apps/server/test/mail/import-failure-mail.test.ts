import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiPaths,
  ImportErrorMessages,
  importFailedMessage,
  VideoType,
  type InProgressVideo,
  type TokenPair,
  type VideosResponse,
} from '@filmroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../src/infra/mail/smtp-mailer.js';
import { makeClip } from '../helpers/media.js';
import { linkIn } from '../helpers/outbox.js';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { apiClient, json, registration, startTestApp, type TestApp } from '../helpers/test-app.js';

let dir = '';
let smtp: SmtpCatcher;
let server: Server;
let base = '';
let database: TestDatabase;
let testApp: TestApp;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-import-mail-'));
  const clip = await readFile(await makeClip(path.join(dir, 'clip.mp4')));
  // Promises the whole clip, sends half of it and hangs up: a download cut off on every try.
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': clip.length });
    response.write(clip.subarray(0, Math.floor(clip.length / 2)), () => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
  smtp = await startSmtpCatcher();
  database = await createTestDatabase();
  testApp = await startTestApp(database.handle.db, {
    mailer: createSmtpMailer({ smtpUrl: smtp.url, from: 'FilmRoom <hello@filmroom.test>' }),
    env: { SSRF_ALLOW_HOSTS: 'localhost' },
  });
  api = apiClient(testApp.app);
});

afterAll(async () => {
  await testApp?.close();
  await database?.destroy();
  await smtp?.close();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** A new activated user, signed in, whose activation mail came through the SMTP server. */
async function signedIn(): Promise<{ email: string; token: string }> {
  const user = registration();
  const before = smtp.received.length;
  await api.post(ApiPaths.register, user);
  const link = linkIn(await smtp.nextMailTo(user.email, before), '/activate');
  await api.post(ApiPaths.activate, { token: link.searchParams.get('token') });
  const login = await api.post(ApiPaths.login, { email: user.email, password: user.password });
  return { email: user.email, token: json<TokenPair>(login).token };
}

async function inProgress(token: string): Promise<InProgressVideo[]> {
  return json<VideosResponse<InProgressVideo>>(await api.get(ApiPaths.inProgressVideos, token))
    .videos;
}

describe('a link import that fails after it was accepted', () => {
  it('names the link and the reason on its card and in a mail to the owner', async () => {
    const user = await signedIn();
    const url = `${base}/films/game-7.mp4`;
    const before = smtp.received.length;

    const response = await api.post(
      ApiPaths.processPlatform,
      { videoType: VideoType.Inactivity, videoUrl: url },
      user.token,
    );
    expect(response.statusCode).toBe(200);
    await testApp.jobs.idle();

    expect(await inProgress(user.token)).toMatchObject([
      {
        id: json<InProgressVideo>(response).id,
        title: 'game-7',
        errorMessage: importFailedMessage(url, 'cutOff'),
      },
    ]);
    const mail = await smtp.nextMailTo(user.email, before);
    expect(mail.subject).toBe('Your linked video could not be imported');
    expect(mail.text).toContain(url);
    expect(mail.text).toContain(ImportErrorMessages.cutOff);
  }, 90_000);

  it('is not mailed to an owner who turned notifications off', async () => {
    const user = await signedIn();
    await api.post(ApiPaths.emailPreferences, { notificationsEnabled: false }, user.token);
    const before = smtp.received.length;

    await api.post(ApiPaths.libraryPlatformUpload, { videoUrl: `${base}/cut.mp4` }, user.token);
    await testApp.jobs.idle();

    expect(await inProgress(user.token)).toMatchObject([
      { errorMessage: importFailedMessage(`${base}/cut.mp4`, 'cutOff') },
    ]);
    expect(smtp.received.slice(before).filter((mail) => mail.to === user.email)).toEqual([]);
  }, 90_000);
});
