import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiPaths,
  SharingTexts,
  type AddVideoToProfileResponse,
  type LibraryVideo,
  type PlayerProfileResponse,
} from '@filmroom/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeClip, uploadFile } from '../helpers/media.js';
import { useTestApp } from '../helpers/setup-api.js';
import { json, signedInUser } from '../helpers/test-app.js';

const API_KEY = 'scoutsmart-test-key';

interface StoredVideo {
  player: { firstName: string; lastName: string; email: string; role: string };
  video: { title: string; videoUrl: string; downloadUrl: string; date: string };
}

/**
 * A small scoutSMART profile API as docs/scoutsmart-profile-api.md describes it: profiles in memory,
 * bearer key required, and a switch to make it fail.
 */
class FakeScoutSmart {
  readonly profiles = new Map<string, Map<string, StoredVideo>>();
  failing = false;
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(([status, body]) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(body === undefined ? '' : JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(request: IncomingMessage): Promise<[number, unknown?]> {
    if (request.headers.authorization !== `Bearer ${API_KEY}`) return [401, { error: 'key' }];
    if (this.failing) return [503, { error: 'down' }];
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    const video = /^\/v1\/players\/([^/]+)\/videos\/([^/]+)$/.exec(pathname);
    const profileUrl = /^\/v1\/players\/([^/]+)\/profile-url$/.exec(pathname);
    if (video && request.method === 'PUT') {
      const [, playerId = '', videoId = ''] = video;
      const videos = this.profiles.get(playerId) ?? new Map<string, StoredVideo>();
      this.profiles.set(playerId, videos);
      const existed = videos.has(videoId);
      videos.set(videoId, JSON.parse(Buffer.concat(chunks).toString('utf8')) as StoredVideo);
      return [existed ? 200 : 201, { ok: true }];
    }
    if (video && request.method === 'DELETE') {
      const [, playerId = '', videoId = ''] = video;
      return this.profiles.get(playerId)?.delete(videoId) ? [204] : [404, { error: 'none' }];
    }
    if (profileUrl && request.method === 'GET') {
      return [200, { profileUrl: `https://scoutsmart.example/players/${profileUrl[1]}` }];
    }
    return [404, { error: 'route' }];
  }
}

const scoutSmart = new FakeScoutSmart();
const env: Record<string, string> = {};
beforeAll(async () => {
  await scoutSmart.start();
  env.SCOUTSMART_API_URL = scoutSmart.url;
  env.SCOUTSMART_API_KEY = API_KEY;
});
afterAll(() => scoutSmart.stop());

const ctx = useTestApp(env);
let dir = '';
let clip = Buffer.alloc(0);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-scoutsmart-'));
  clip = await readFile(await makeClip(path.join(dir, 'clip.mp4')));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
beforeEach(() => {
  scoutSmart.failing = false;
});

async function upload(token: string, fileName: string): Promise<LibraryVideo> {
  const response = await uploadFile(ctx.testApp.app, ApiPaths.libraryFileUpload, token, {
    fileName,
    content: clip,
  });
  if (response.statusCode !== 200) throw new Error(`upload: ${response.body}`);
  await ctx.testApp.jobs.idle();
  return json<LibraryVideo>(response);
}

function playerIdOf(token: string): string {
  const payload = JSON.parse(
    Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as { sub: string };
  return payload.sub;
}

describe('sharing through the scoutSMART profile API', () => {
  it('puts the shared video with its public address and the player on the scoutSMART profile', async () => {
    const player = await signedInUser(ctx.testApp, { firstName: 'Sam', lastName: 'Reed' });
    const video = await upload(player.session.token, 'Semifinal.mp4');

    const response = await ctx.api.post(
      ApiPaths.addVideoToProfile,
      { videoId: video.id },
      player.session.token,
    );

    expect(response.statusCode).toBe(200);
    const { publicVideoUrl } = json<AddVideoToProfileResponse>(response);
    const stored = scoutSmart.profiles.get(playerIdOf(player.session.token))?.get(video.id);
    expect(stored?.player).toEqual({
      firstName: 'Sam',
      lastName: 'Reed',
      email: player.email.toLowerCase(),
      role: 'Player',
    });
    expect(stored?.video.title).toBe('Semifinal');
    expect(stored?.video.videoUrl).toBe(publicVideoUrl);
    expect(stored?.video.downloadUrl).toBe(`${publicVideoUrl}?download=1`);
    const publicPath = new URL(publicVideoUrl).pathname;
    expect((await ctx.testApp.app.inject({ method: 'GET', url: publicPath })).statusCode).toBe(200);
  });

  it('go-to-profile answers the profile address scoutSMART gives', async () => {
    const player = await signedInUser(ctx.testApp);

    const response = await ctx.api.get(ApiPaths.goToProfile, player.session.token);

    expect(json<PlayerProfileResponse>(response)).toEqual({
      playerProfileUrl: `https://scoutsmart.example/players/${playerIdOf(player.session.token)}`,
    });
  });

  it('deleting the video deletes it on scoutSMART too', async () => {
    const player = await signedInUser(ctx.testApp);
    const video = await upload(player.session.token, 'gone.mp4');
    await ctx.api.post(ApiPaths.addVideoToProfile, { videoId: video.id }, player.session.token);
    const playerId = playerIdOf(player.session.token);
    expect(scoutSmart.profiles.get(playerId)?.has(video.id)).toBe(true);

    await ctx.api.delete(`${ApiPaths.deleteVideo}?videoId=${video.id}`, player.session.token);

    expect(scoutSmart.profiles.get(playerId)?.has(video.id)).toBe(false);
  });

  it('when scoutSMART is down the share fails with a clear message and can be retried', async () => {
    const player = await signedInUser(ctx.testApp);
    const video = await upload(player.session.token, 'retry.mp4');
    scoutSmart.failing = true;

    const failed = await ctx.api.post(
      ApiPaths.addVideoToProfile,
      { videoId: video.id },
      player.session.token,
    );
    scoutSmart.failing = false;
    const retried = await ctx.api.post(
      ApiPaths.addVideoToProfile,
      { videoId: video.id },
      player.session.token,
    );

    expect(failed.statusCode).toBe(502);
    expect(json(failed).message).toBe(SharingTexts.profileUnavailable);
    expect(retried.statusCode).toBe(200);
  });
});
