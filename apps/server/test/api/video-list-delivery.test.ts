import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  ApiPaths,
  type InProgressVideo,
  type LibraryVideo,
  type VideosResponse,
} from '@filmroom/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createVideosRepository } from '../../src/infra/db/videos.repository.js';
import { videoKeys } from '../../src/services/videos/video-keys.js';
import { useTestApp } from '../helpers/setup-api.js';
import { json, signedInUser } from '../helpers/test-app.js';

const ctx = useTestApp({ ACCESS_TOKEN_TTL_SECONDS: '60' });
const LIBRARY_SIZE = 12;
const IN_PROGRESS_SIZE = 8;
// A stored film of a container FilmRoom does not know is kept and served as application/octet-stream.
const film = Buffer.from('{"not":"json"} '.repeat(400));
let token = '';
let userId = '';
let oddFilmKey = '';

/** The library of a coach: stored films and processing requests still running. */
beforeAll(async () => {
  const user = await signedInUser(ctx.testApp);
  token = user.session.token;
  userId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub;
  const videos = createVideosRepository(ctx.database.handle.db);
  for (let index = 0; index < LIBRARY_SIZE; index += 1) {
    const video = await videos.create({
      userId,
      title: `Week ${index + 1} vs Tigers`,
      tools: [],
      requestedTool: null,
      source: 'upload',
      status: 'ready',
    });
    const keys = videoKeys(userId, video.id);
    await videos.update(
      video.id,
      {
        description: 'Press box camera.',
        sourceKey: keys.source(index === 0 ? 'bin' : 'mp4'),
        thumbnailKey: keys.thumbnail,
      },
      new Date(Date.now() + index * 1000),
    );
    if (index === 0) oddFilmKey = keys.source('bin');
  }
  await ctx.testApp.storage.put(oddFilmKey, Readable.from([film]), {
    contentType: 'application/octet-stream',
  });
  for (let index = 0; index < IN_PROGRESS_SIZE; index += 1) {
    await videos.create({
      userId,
      title: `Practice ${index + 1}`,
      tools: ['inactivity'],
      requestedTool: 'inactivity',
      source: 'upload',
      status: 'ingesting',
    });
  }
});

function get(url: string, headers: Record<string, string> = {}) {
  return ctx.testApp.app.inject({
    method: 'GET',
    url: `/api${url}`,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
}

describe('the video lists', () => {
  it.each([
    ['library', ApiPaths.libraryVideos, LIBRARY_SIZE],
    ['in-progress', ApiPaths.inProgressVideos, IN_PROGRESS_SIZE],
  ])(
    'come compressed with brotli or gzip when the browser accepts it, with the same %s list',
    async (_name, path, size) => {
      const plain = await get(path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const list = json<VideosResponse<LibraryVideo | InProgressVideo>>(plain);
      expect(list.videos).toHaveLength(size);

      const br = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['content-type']).toMatch(/^application\/json/);
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(list);

      const gzip = await get(path, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(list);

      const identity = await get(path, { 'accept-encoding': 'identity' });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.json()).toEqual(list);
    },
  );

  it('show a change written by any process at once', async () => {
    const before = json<VideosResponse<LibraryVideo>>(await get(ApiPaths.libraryVideos)).videos;
    const [newest, next] = before;
    // as the worker process writes: straight to the database, not through this API process
    const { db } = ctx.database.handle;
    await db.execute(
      sql`update videos set title = 'Renamed by the worker' where id = ${newest?.id}`,
    );
    const renamed = json<VideosResponse<LibraryVideo>>(await get(ApiPaths.libraryVideos)).videos;
    expect(renamed[0]).toEqual({ ...newest, title: 'Renamed by the worker' });

    await db.execute(sql`delete from videos where id = ${next?.id}`);
    const compressed = await get(ApiPaths.libraryVideos, { 'accept-encoding': 'br' });
    const after = JSON.parse(brotliDecompressSync(compressed.rawPayload).toString('utf8'));
    expect(after.videos.map((video: LibraryVideo) => video.id)).toEqual(
      renamed.filter((video) => video.id !== next?.id).map((video) => video.id),
    );

    const running = json<VideosResponse<InProgressVideo>>(await get(ApiPaths.inProgressVideos));
    const first = running.videos[0];
    await db.execute(sql`update videos set percentage_completed = 42 where id = ${first?.id}`);
    const progressed = json<VideosResponse<InProgressVideo>>(await get(ApiPaths.inProgressVideos));
    expect(progressed.videos[0]).toEqual({ ...first, percentageCompleted: 42 });
  });

  it('leave stored films as they are, even when served as octet-stream', async () => {
    const { videos } = json<VideosResponse<LibraryVideo>>(await get(ApiPaths.libraryVideos));
    const video = videos.find((entry) => entry.title === 'Week 1 vs Tigers');
    expect(video?.url).toMatch(/^\/api\/media\//);
    const response = await ctx.testApp.app.inject({
      method: 'GET',
      url: video?.url ?? '',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(Number(response.headers['content-length'])).toBe(film.length);
    expect(response.rawPayload.equals(film)).toBe(true);
  });

  it('refuse an access token they admitted once as soon as it expires', async () => {
    const { session } = await signedInUser(ctx.testApp);
    expect((await get(ApiPaths.libraryVideos, auth(session.token))).statusCode).toBe(200);
    ctx.testApp.clock.advance(59_000);
    expect((await get(ApiPaths.libraryVideos, auth(session.token))).statusCode).toBe(200);
    ctx.testApp.clock.advance(1_000);
    expect((await get(ApiPaths.libraryVideos, auth(session.token))).statusCode).toBe(401);
    expect((await get(ApiPaths.inProgressVideos, auth(session.token))).statusCode).toBe(401);
  });
});

function auth(other: string) {
  return { authorization: `Bearer ${other}` };
}
