import { createReadStream, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
} from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiPaths,
  ErrorNumber,
  ImportErrorMessages,
  importFailedMessage,
  Messages,
  RetryMessages,
  VideoType,
  type InProgressVideo,
  type LibraryVideo,
  type VideosResponse,
} from '@filmroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, makeClip, makeTextFile, makeUndecodableClip } from '../helpers/media.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { apiClient, json, signedInUser, startTestApp, type TestApp } from '../helpers/test-app.js';

let dir = '';
let server: Server;
let port = 0;
let base = '';
let database: TestDatabase;
let testApp: TestApp;
let api: ReturnType<typeof apiClient>;
/** Stand for services inside the network that no link may reach; they count what reaches them. */
let secret: Server;
let secretFtp: TcpServer;
let secretHits = 0;
/** Downloads of `/cutonce/` files so far: the first is cut off halfway, later ones complete. */
let cutOnceDownloads = 0;

function cloudRecord(downloadURL: string, title: string) {
  return {
    results: [
      {
        rootRecord: {
          fields: { fileContent: { value: { downloadURL } }, extension: { value: 'mp4' } },
        },
        share: { fields: { 'cloudkit.title': { value: title } } },
      },
    ],
  };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-imports-'));
  const clip = await makeClip(path.join(dir, 'clip.mp4'));
  const text = await makeTextFile(path.join(dir, 'notes.txt'));
  const undecodable = await makeUndecodableClip(path.join(dir, 'undecodable.mp4'));
  secret = createServer((_request, response) => {
    secretHits += 1;
    response.writeHead(200, { 'content-type': 'video/mp4' });
    createReadStream(clip).pipe(response);
  });
  await new Promise<void>((resolve) => secret.listen(0, '127.0.0.1', resolve));
  secretFtp = createTcpServer((socket) => {
    secretHits += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => secretFtp.listen(0, '127.0.0.1', resolve));
  server = createServer((request, response) => {
    const url = request.url ?? '/';
    if (url === '/redirect-to-secret') {
      const { port: secretPort } = secret.address() as AddressInfo;
      response.writeHead(302, { location: `http://127.0.0.1:${secretPort}/secret` }).end();
      return;
    }
    if (url === '/redirect-to-ftp') {
      const { port: ftpPort } = secretFtp.address() as AddressInfo;
      response.writeHead(302, { location: `ftp://127.0.0.1:${ftpPort}/secret.mp4` }).end();
      return;
    }
    if (url === '/clip.mp4' || url.startsWith('/files/')) {
      response.writeHead(200, { 'content-type': 'video/mp4' });
      createReadStream(clip).pipe(response);
      return;
    }
    if (url.startsWith('/cutonce/')) {
      cutOnceDownloads += 1;
      const size = statSync(clip).size;
      response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': size });
      if (cutOnceDownloads > 1) {
        createReadStream(clip).pipe(response);
        return;
      }
      createReadStream(clip, { end: Math.floor(size / 2) })
        .on('data', (chunk) => response.write(chunk))
        .on('end', () => response.destroy());
      return;
    }
    if (url.startsWith('/slow/')) {
      // Trickles bytes until the client goes away, like a large file on a slow link.
      response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': 10 * 1024 * 1024 });
      const timer = setInterval(() => response.write(Buffer.alloc(1024)), 50);
      response.on('close', () => clearInterval(timer));
      return;
    }
    if (url.startsWith('/undecodable/')) {
      response.writeHead(200, { 'content-type': 'video/mp4' });
      createReadStream(undecodable).pipe(response);
      return;
    }
    if (url === '/notes.txt' || url.startsWith('/text/')) {
      response.writeHead(200, { 'content-type': 'video/mp4' });
      createReadStream(text).pipe(response);
      return;
    }
    if (url === '/resolve') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const id = (JSON.parse(body) as { shortGUIDs: { value: string }[] }).shortGUIDs[0]?.value;
        const answers: Record<string, unknown> = {
          public123: cloudRecord(`${base}/files/\${f}`, 'Game 3'),
          slow1: cloudRecord(`${base}/slow/\${f}`, 'Slow'),
          cutonce1: cloudRecord(`${base}/cutonce/\${f}`, 'Cut once'),
          textfile1: cloudRecord(`${base}/text/\${f}`, 'Not a video'),
          undecodable1: cloudRecord(`${base}/undecodable/\${f}`, 'Undecodable'),
          loopback1: cloudRecord(`http://127.0.0.1:${port}/files/\${f}`, 'Sneaky'),
          metadata1: cloudRecord('http://169.254.169.254/latest/meta-data/iam', 'Metadata'),
          private1: { results: [{ reason: 'ACCESS_DENIED: the share is private' }] },
        };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answers[id ?? ''] ?? { results: [] }));
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://localhost:${port}`;
  database = await createTestDatabase();
  // Only "localhost" is opened: the same server named by its address must still be refused.
  testApp = await startTestApp(database.handle.db, {
    env: { SSRF_ALLOW_HOSTS: 'localhost', ICLOUD_RESOLVE_URL: `${base}/resolve` },
  });
  api = apiClient(testApp.app);
});

/** Asks for a failed in-progress video to run again. */
function retryVideo(videoId: string | undefined, token: string) {
  return api.post(ApiPaths.retryInProgressVideo, { videoId }, token);
}

afterAll(async () => {
  await testApp?.close();
  await database?.destroy();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => secret.close(resolve));
  await new Promise((resolve) => secretFtp.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

async function library(token: string): Promise<LibraryVideo[]> {
  return json<VideosResponse<LibraryVideo>>(await api.get(ApiPaths.libraryVideos, token)).videos;
}

async function inProgress(token: string): Promise<InProgressVideo[]> {
  return json<VideosResponse<InProgressVideo>>(await api.get(ApiPaths.inProgressVideos, token))
    .videos;
}

function storedFilesOf(videoId: string) {
  return filesUnder(path.join(testApp.dataDir, 'storage')).then((files) =>
    files.filter((file) => file.includes(videoId)),
  );
}

describe('importing a platform link (yt-dlp)', () => {
  it('downloads the linked video into the library, with a thumbnail and a playable url', async () => {
    const { session } = await signedInUser(testApp);

    const response = await api.post(
      ApiPaths.libraryPlatformUpload,
      { videoUrl: `${base}/clip.mp4` },
      session.token,
    );

    expect(response.statusCode).toBe(200);
    const answer = json<LibraryVideo>(response);
    await testApp.jobs.idle();
    const [video] = await library(session.token);
    expect(video).toMatchObject({ id: answer.id, title: 'clip', type: VideoType.None });
    expect(video?.thumbnailUrl).not.toBe('');
    const played = await testApp.app.inject({
      url: video?.url ?? '',
      headers: { range: 'bytes=0-9' },
    });
    expect(played.statusCode).toBe(206);
    expect(await inProgress(session.token)).toEqual([]);
  }, 90_000);

  it('for processing, answers the in-progress video and keeps it in progress for the tool', async () => {
    const { session } = await signedInUser(testApp);

    const response = await api.post(
      ApiPaths.processPlatform,
      { videoType: VideoType.PlayerTracking, videoUrl: `${base}/clip.mp4` },
      session.token,
    );

    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ type: VideoType.PlayerTracking, errorMessage: '' });
    await testApp.jobs.idle();
    // The import's part is done once the source is stored; what the tool then finds is processing's.
    const videoId = json<InProgressVideo>(response).id;
    expect(await inProgress(session.token)).toMatchObject([
      { id: videoId, type: VideoType.PlayerTracking },
    ]);
    const files = await storedFilesOf(videoId);
    expect(files.some((file) => file.endsWith(`${videoId}/source.mp4`))).toBe(true);
    expect(await library(session.token)).toEqual([]);
  }, 90_000);

  it('a page that is not a video is accepted, then fails naming the link and the reason on its card', async () => {
    const { session } = await signedInUser(testApp);
    const videoUrl = `${base}/notes.txt`;

    const response = await api.post(ApiPaths.libraryPlatformUpload, { videoUrl }, session.token);

    expect(response.statusCode).toBe(200);
    await testApp.jobs.idle();
    const [failed] = await inProgress(session.token);
    expect(failed).toMatchObject({
      id: json<InProgressVideo>(response).id,
      title: 'notes',
      errorMessage: importFailedMessage(videoUrl, 'notAVideo'),
    });
    expect(await library(session.token)).toEqual([]);
    expect(await storedFilesOf(failed?.id ?? '')).toEqual([]);
  });

  it.each([
    ['the library', ApiPaths.libraryPlatformUpload, {}],
    ['processing', ApiPaths.processPlatform, { videoType: VideoType.Inactivity }],
  ])(
    'a link that cannot be fetched is refused for %s with 400 and its reason, and no video is made',
    async (_, apiPath, body) => {
      const { session } = await signedInUser(testApp);

      const response = await api.post(
        apiPath,
        { ...body, videoUrl: `${base}/missing.mp4` },
        session.token,
      );

      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({
        message: ImportErrorMessages.unreachable,
        errorNumber: ErrorNumber.Unknown,
      });
      expect(await inProgress(session.token)).toEqual([]);
      expect(await library(session.token)).toEqual([]);
    },
    60_000,
  );

  it.each([
    ['http://127.0.0.1 (loopback)', '/redirect-to-secret'],
    ['an ftp:// address on loopback', '/redirect-to-ftp'],
  ])(
    'a link that redirects to %s is refused with 400, and nothing there is fetched',
    async (_, linkPath) => {
      const { session } = await signedInUser(testApp);
      const hitsBefore = secretHits;

      const response = await api.post(
        ApiPaths.libraryPlatformUpload,
        { videoUrl: `${base}${linkPath}` },
        session.token,
      );
      await testApp.jobs.idle();

      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ message: ImportErrorMessages.refused });
      expect(secretHits).toBe(hitsBefore);
      expect(await inProgress(session.token)).toEqual([]);
      expect(await library(session.token)).toEqual([]);
    },
    90_000,
  );

  it('rejects links that are not YouTube, Hudl or Instagram Reel with 400', async () => {
    const { session } = await signedInUser(testApp);
    for (const videoUrl of ['', 'https://vimeo.com/12345', `http://127.0.0.1:${port}/clip.mp4`]) {
      const response = await api.post(ApiPaths.libraryPlatformUpload, { videoUrl }, session.token);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({
        message: Messages.invalidPlatformLink,
        errorNumber: ErrorNumber.Unknown,
      });
    }
    expect(await inProgress(session.token)).toEqual([]);
  });
});

describe('copying an iCloud shared file', () => {
  it('resolves the share link, downloads the file and titles it after the shared file', async () => {
    const { session } = await signedInUser(testApp);

    const response = await api.post(
      ApiPaths.libraryCopyFromCloud,
      { url: 'https://www.icloud.com/iclouddrive/public123#Game_3' },
      session.token,
    );

    expect(response.statusCode).toBe(200);
    await testApp.jobs.idle();
    const [video] = await library(session.token);
    expect(video).toMatchObject({ id: json<LibraryVideo>(response).id, title: 'Game 3' });
    expect(video?.thumbnailUrl).not.toBe('');
  });

  it('a file that is not a video is accepted, then fails naming the link and the reason', async () => {
    const { session } = await signedInUser(testApp);
    const url = 'https://www.icloud.com/iclouddrive/textfile1';

    await api.post(
      ApiPaths.processCopyFromCloud,
      { videoType: VideoType.Inactivity, url },
      session.token,
    );

    await testApp.jobs.idle();
    expect(await inProgress(session.token)).toMatchObject([
      {
        type: VideoType.Inactivity,
        errorMessage: importFailedMessage(url, 'notAVideo'),
        errorAlreadyMarkedAsReaded: false,
      },
    ]);
  });

  it.each([
    ['a private share', 'private1', ImportErrorMessages.privateVideo],
    ['a share that does not resolve', 'unknown1', ImportErrorMessages.shareNotFound],
  ])('%s is refused with 400 and its reason, and no video is made', async (_, id, message) => {
    const { session } = await signedInUser(testApp);

    const response = await api.post(
      ApiPaths.processCopyFromCloud,
      { videoType: VideoType.Inactivity, url: `https://www.icloud.com/iclouddrive/${id}` },
      session.token,
    );

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ message, errorNumber: ErrorNumber.Unknown });
    expect(await inProgress(session.token)).toEqual([]);
  });

  it.each([
    ['loopback (127.0.0.1)', 'loopback1'],
    ['the cloud metadata address (169.254.169.254)', 'metadata1'],
  ])('a share that leads to %s is refused and nothing is stored', async (_, id) => {
    const { session } = await signedInUser(testApp);

    const response = await api.post(
      ApiPaths.libraryCopyFromCloud,
      { url: `https://www.icloud.com/iclouddrive/${id}` },
      session.token,
    );

    await testApp.jobs.idle();
    const videoId = json<LibraryVideo>(response).id;
    expect(await inProgress(session.token)).toMatchObject([
      {
        id: videoId,
        errorMessage: importFailedMessage(`https://www.icloud.com/iclouddrive/${id}`, 'refused'),
      },
    ]);
    expect(await library(session.token)).toEqual([]);
    expect(await storedFilesOf(videoId)).toEqual([]);
  });

  it('a file that is stored but cannot be decoded fails and leaves no file in storage', async () => {
    const { session } = await signedInUser(testApp);

    const response = await api.post(
      ApiPaths.libraryCopyFromCloud,
      { url: 'https://www.icloud.com/iclouddrive/undecodable1' },
      session.token,
    );

    await testApp.jobs.idle();
    const videoId = json<LibraryVideo>(response).id;
    expect(await inProgress(session.token)).toMatchObject([
      {
        id: videoId,
        errorMessage: importFailedMessage(
          'https://www.icloud.com/iclouddrive/undecodable1',
          'notAVideo',
        ),
      },
    ]);
    expect(await library(session.token)).toEqual([]);
    expect(await storedFilesOf(videoId)).toEqual([]);
  });

  it('rejects a link that is not an iCloud share with 400', async () => {
    const { session } = await signedInUser(testApp);
    for (const url of ['', 'https://www.dropbox.com/s/abc/game.mp4', 'http://169.254.169.254/']) {
      const response = await api.post(ApiPaths.libraryCopyFromCloud, { url }, session.token);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({
        message: Messages.invalidICloudLink,
        errorNumber: ErrorNumber.Unknown,
      });
    }
  });
});

describe('cancelling an import', () => {
  it('stops the download, removes the card and stores nothing', async () => {
    const { session } = await signedInUser(testApp);
    const response = await api.post(
      ApiPaths.processCopyFromCloud,
      { videoType: VideoType.Inactivity, url: 'https://www.icloud.com/iclouddrive/slow1' },
      session.token,
    );
    const videoId = json<InProgressVideo>(response).id;
    expect(await inProgress(session.token)).toMatchObject([{ id: videoId, errorMessage: '' }]);

    const cancelled = await api.put(
      `${ApiPaths.deleteInProgressVideo}?videoId=${videoId}`,
      undefined,
      session.token,
    );
    await testApp.jobs.idle();

    expect(cancelled.statusCode).toBe(200);
    expect(await inProgress(session.token)).toEqual([]);
    expect(await library(session.token)).toEqual([]);
    expect(await storedFilesOf(videoId)).toEqual([]);
  });
});

describe('failed imports on the in-progress list', () => {
  it('a download cut off offers Retry on its card, and the retry imports it', async () => {
    const { session } = await signedInUser(testApp);
    const link = 'https://www.icloud.com/iclouddrive/cutonce1#Cut_once';
    const accepted = await api.post(ApiPaths.libraryCopyFromCloud, { url: link }, session.token);
    expect(accepted.statusCode).toBe(200);
    await testApp.jobs.idle();
    const [failed] = await inProgress(session.token);
    expect(failed).toMatchObject({
      errorMessage: importFailedMessage(link, 'cutOff'),
      canRetry: true,
    });

    const retry = await retryVideo(failed?.id, session.token);

    expect(retry.statusCode).toBe(200);
    expect(json(retry)).toEqual({ message: RetryMessages.retrying });
    await testApp.jobs.idle();
    expect(await inProgress(session.token)).toEqual([]);
    const [video] = await library(session.token);
    expect(video).toMatchObject({ id: failed?.id, title: 'Cut once' });
    expect(video?.thumbnailUrl).not.toBe('');
    expect(cutOnceDownloads).toBe(2);
    // once it worked there is nothing to try again
    const again = await retryVideo(failed?.id, session.token);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ message: RetryMessages.cannotRetry });
  });

  it('a link that is not a video offers no Retry, and a retry changes nothing', async () => {
    const { session } = await signedInUser(testApp);
    const other = await signedInUser(testApp);
    await api.post(
      ApiPaths.libraryCopyFromCloud,
      { url: 'https://www.icloud.com/iclouddrive/textfile1' },
      session.token,
    );
    await testApp.jobs.idle();
    const [failed] = await inProgress(session.token);
    expect(failed).toMatchObject({ canRetry: false });
    const sent = testApp.jobs.sent.length;

    const retry = await retryVideo(failed?.id, session.token);
    const notTheirs = await retryVideo(failed?.id, other.session.token);

    expect(retry.statusCode).toBe(409);
    expect(json(retry)).toMatchObject({ message: RetryMessages.cannotRetry });
    expect(notTheirs.statusCode).toBe(404);
    expect(testApp.jobs.sent.length).toBe(sent);
    expect(await inProgress(session.token)).toEqual([failed]);
  });

  it('disappear once their error has been read', async () => {
    const { session } = await signedInUser(testApp);
    await api.post(
      ApiPaths.libraryCopyFromCloud,
      { url: 'https://www.icloud.com/iclouddrive/textfile1' },
      session.token,
    );
    await testApp.jobs.idle();
    const [failed] = await inProgress(session.token);

    const response = await api.post(
      ApiPaths.errorNotificationRead,
      { videoId: failed?.id },
      session.token,
    );

    expect(response.statusCode).toBe(200);
    expect(await inProgress(session.token)).toEqual([]);
  });
});
