import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiPaths,
  SportMessages,
  UploadKind,
  VideoType,
  type InProgressVideo,
  type LibraryVideo,
  type RememberedSportResponse,
  type Sport,
  type VideosResponse,
} from '@filmroom/contract';
import type { EngineRequest } from '@filmroom/vision/engine';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { processingRuns, videos } from '../../src/infra/db/schema.js';
import type { EngineRunner } from '../../src/services/processing/processing-run.service.js';
import { filesUnder, makeClip, uploadFile } from '../helpers/media.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { apiClient, json, signedInUser, startTestApp, type TestApp } from '../helpers/test-app.js';
import { tusClient } from '../helpers/tus-client.js';

/**
 * The sport of a run (#36): every path that starts a tool carries it beside the spec's payload, the
 * run stores it and hands it to its engine, and the user's last choice is what the dialog preselects.
 * The engines are stand-ins that record what they are asked (the real ones run in processing.test.ts).
 */

let dir = '';
let clip = Buffer.alloc(0);
let links: Server;
let base = '';
let database: TestDatabase;
let testApp: TestApp;
let api: ReturnType<typeof apiClient>;
const asked: EngineRequest[] = [];

/** Finds nothing, so each run ends at once (failed, "no live play" / "no players"). */
const recordingEngines: EngineRunner = async (request) => {
  asked.push(request);
  const nothing =
    request.engine === 'inactivity'
      ? {
          durationSec: 1,
          segments: [],
          keptSec: 0,
          timings: { analysisSec: 0, renderSec: 0 },
          rendered: false,
        }
      : { durationSec: 1, teams: [], players: [], unnumbered: [] };
  return nothing as never;
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-sport-'));
  const clipFile = await makeClip(path.join(dir, 'clip.mp4'));
  clip = await readFile(clipFile);
  links = createServer((request, response) => {
    const url = request.url ?? '/';
    if (url.startsWith('/files/') || url === '/clip.mp4') {
      response.writeHead(200, { 'content-type': 'video/mp4' });
      createReadStream(clipFile).pipe(response);
      return;
    }
    if (url === '/resolve') {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            results: [
              {
                rootRecord: {
                  fields: {
                    fileContent: { value: { downloadURL: `${base}/files/\${f}` } },
                    extension: { value: 'mp4' },
                  },
                },
                share: { fields: { 'cloudkit.title': { value: 'Game 4' } } },
              },
            ],
          }),
        );
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => links.listen(0, resolve));
  base = `http://localhost:${(links.address() as AddressInfo).port}`;
  database = await createTestDatabase();
  testApp = await startTestApp(database.handle.db, {
    env: { SSRF_ALLOW_HOSTS: 'localhost', ICLOUD_RESOLVE_URL: `${base}/resolve` },
    engines: recordingEngines,
  });
  api = apiClient(testApp.app);
});

afterAll(async () => {
  await testApp?.close();
  await database?.destroy();
  await new Promise((resolve) => links?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  asked.length = 0;
});

async function remembered(token: string): Promise<Sport> {
  const response = await api.get(ApiPaths.rememberedSport, token);
  expect(response.statusCode).toBe(200);
  return json<RememberedSportResponse>(response).sport;
}

async function sportOfRun(entryId: string): Promise<Sport | null | undefined> {
  const [job] = await database.handle.db
    .select({ sport: processingRuns.sport })
    .from(processingRuns)
    .where(eq(processingRuns.entryVideoId, entryId));
  return job?.sport;
}

async function rowCount(): Promise<number> {
  return (await database.handle.db.select({ id: videos.id }).from(videos)).length;
}

/** A video in the user's library, ingested, for a tool to run on. */
async function libraryVideo(token: string): Promise<LibraryVideo> {
  const response = await uploadFile(testApp.app, ApiPaths.libraryFileUpload, token, {
    fileName: 'Game 5.mp4',
    content: clip,
  });
  expect(response.statusCode).toBe(200);
  await testApp.jobs.idle();
  return json<LibraryVideo>(response);
}

interface Start {
  /** What must exist before the request (a library video's id). */
  prepare?(token: string): Promise<string>;
  send(
    token: string,
    sport: unknown,
    prepared: string,
  ): Promise<{ statusCode: number; body: string }>;
}

/** The sport each engine call was handed. */
function sportsAsked(): (string | undefined)[] {
  return asked.map((request) => (request.engine === 'track-render' ? undefined : request.sport));
}

async function storedFiles(): Promise<string[]> {
  return filesUnder(testApp.dataDir);
}

/** Every way a tool's run starts, each sending `sport` beside the spec's payload (absent if undefined). */
const STARTS: [string, Start][] = [
  [
    'a file uploaded for the Inactivity Filter (multipart field)',
    {
      send: (token, sport) =>
        uploadFile(
          testApp.app,
          ApiPaths.inactivityFileUpload,
          token,
          { fileName: 'Game 1.mp4', content: clip },
          sport === undefined ? {} : { sport: String(sport) },
        ),
    },
  ],
  [
    'a file uploaded for Player Tracking (multipart field)',
    {
      send: (token, sport) =>
        uploadFile(
          testApp.app,
          ApiPaths.trackingFileUpload,
          token,
          { fileName: 'Game 1.mp4', content: clip },
          sport === undefined ? {} : { sport: String(sport) },
        ),
    },
  ],
  [
    'a resumable upload for the Inactivity Filter (completion property)',
    {
      async prepare(token) {
        const tus = tusClient(
          testApp.app,
          { filename: 'Game 2.mp4', filetype: 'video/mp4' },
          token,
        );
        const created = await tus.create(clip.length);
        const location = String(created.headers.location);
        await tus.patch(location, 0, clip);
        return location.slice(location.lastIndexOf('/') + 1);
      },
      send: (token, sport, uploadId) =>
        tusClient(testApp.app, {}, token).complete(
          uploadId,
          UploadKind.Inactivity,
          sport === undefined ? {} : { sport },
        ),
    },
  ],
  [
    'an iCloud link for Player Tracking (JSON property)',
    {
      send: (token, sport) =>
        api.post(
          ApiPaths.processCopyFromCloud,
          {
            videoType: VideoType.PlayerTracking,
            url: 'https://www.icloud.com/iclouddrive/public123#game',
            sport,
          },
          token,
        ),
    },
  ],
  [
    'a platform link for the Inactivity Filter (JSON property)',
    {
      send: (token, sport) =>
        api.post(
          ApiPaths.processPlatform,
          { videoType: VideoType.Inactivity, videoUrl: `${base}/clip.mp4`, sport },
          token,
        ),
    },
  ],
  [
    'a library video for the Inactivity Filter (JSON property)',
    {
      prepare: async (token) => (await libraryVideo(token)).id,
      send: (token, sport, videoId) =>
        api.post(
          ApiPaths.processLibrary,
          { videoType: VideoType.Inactivity, videoId, sport },
          token,
        ),
    },
  ],
];

/** Starts a run the way `start` does, everything it needs made first. */
async function startRun(start: Start, token: string, sport: unknown) {
  const prepared = (await start.prepare?.(token)) ?? '';
  asked.length = 0;
  return start.send(token, sport, prepared);
}

describe('the sport of a run', () => {
  it('a new user is offered Detect automatically', async () => {
    const { session } = await signedInUser(testApp);

    expect(await remembered(session.token)).toBe('auto');
  });

  it.each(STARTS)(
    '%s: the run and its engine get the sport, and the dialog preselects it next time',
    async (_, start) => {
      const { session } = await signedInUser(testApp);

      const response = await startRun(start, session.token, 'volleyball');

      expect(response.statusCode).toBe(200);
      const entry = JSON.parse(response.body) as InProgressVideo;
      expect(await sportOfRun(entry.id)).toBe('volleyball');
      await testApp.jobs.idle();
      expect(sportsAsked()).toEqual(['volleyball']);
      expect(await remembered(session.token)).toBe('volleyball');
    },
    60_000,
  );

  it.each(STARTS)(
    '%s without a sport: the run gets the remembered one, which stays',
    async (_, start) => {
      const { session } = await signedInUser(testApp);
      const first = await startRun(start, session.token, 'basketball');
      expect(first.statusCode).toBe(200);
      await testApp.jobs.idle();

      const response = await startRun(start, session.token, undefined);

      expect(response.statusCode).toBe(200);
      const entry = JSON.parse(response.body) as InProgressVideo;
      expect(await sportOfRun(entry.id)).toBe('basketball');
      await testApp.jobs.idle();
      expect(sportsAsked()).toEqual(['basketball']);
      expect(await remembered(session.token)).toBe('basketball');
    },
    60_000,
  );

  it.each(STARTS)(
    '%s with an unknown sport: 400 with its message, nothing stored, nothing remembered',
    async (_, start) => {
      const { session } = await signedInUser(testApp);
      const prepared = (await start.prepare?.(session.token)) ?? '';
      asked.length = 0;
      const before = { rows: await rowCount(), files: await storedFiles() };

      const response = await start.send(session.token, 'cricket', prepared);

      expect(response.statusCode).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({ message: SportMessages.unknown });
      await testApp.jobs.idle();
      const inProgress = json<VideosResponse<InProgressVideo>>(
        await api.get(ApiPaths.inProgressVideos, session.token),
      ).videos;
      expect(inProgress).toEqual([]);
      expect(asked).toEqual([]);
      expect(await remembered(session.token)).toBe('auto');
      expect(await rowCount()).toBe(before.rows);
      expect(await storedFiles()).toEqual(before.files);
    },
    60_000,
  );

  it('a resumable upload refused for its sport stays, and completes with a known one', async () => {
    const { session } = await signedInUser(testApp);
    const tus = tusClient(
      testApp.app,
      { filename: 'Game 6.mp4', filetype: 'video/mp4' },
      session.token,
    );
    const created = await tus.create(clip.length);
    const location = String(created.headers.location);
    await tus.patch(location, 0, clip);
    const uploadId = location.slice(location.lastIndexOf('/') + 1);

    const refused = await tus.complete(uploadId, UploadKind.Inactivity, { sport: 42 });
    const completed = await tus.complete(uploadId, UploadKind.Inactivity, { sport: 'soccer' });

    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ message: SportMessages.unknown });
    expect(completed.statusCode).toBe(200);
    expect(await sportOfRun(json<InProgressVideo>(completed).id)).toBe('soccer');
    await testApp.jobs.idle();
    expect(sportsAsked()).toEqual(['soccer']);
    const uploadsLeft = await filesUnder(path.join(testApp.dataDir, 'uploads'));
    expect(uploadsLeft.filter((file) => file.includes(uploadId))).toEqual([]);
  });

  it('an upload to the library runs nothing and leaves the remembered sport as it is', async () => {
    const { session } = await signedInUser(testApp);

    const response = await uploadFile(
      testApp.app,
      ApiPaths.libraryFileUpload,
      session.token,
      { fileName: 'Game 7.mp4', content: clip },
      { sport: 'soccer' },
    );

    expect(response.statusCode).toBe(200);
    await testApp.jobs.idle();
    expect(asked).toEqual([]);
    expect(await remembered(session.token)).toBe('auto');
  });
});
