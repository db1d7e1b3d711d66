import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiPaths,
  ErrorNumber,
  Messages,
  SharingTexts,
  VideoType,
  type AddVideoToProfileResponse,
  type InProgressVideo,
  type LibraryVideo,
  type PlayerProfileResponse,
} from '@filmroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip, uploadFile } from '../helpers/media.js';
import { useTestApp } from '../helpers/setup-api.js';
import { json, PUBLIC_URL, signedInUser } from '../helpers/test-app.js';

const ctx = useTestApp();
let dir = '';
let clip = Buffer.alloc(0);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-sharing-'));
  clip = await readFile(await makeClip(path.join(dir, 'clip.mp4')));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function upload(token: string, fileName = 'game.mp4'): Promise<LibraryVideo> {
  const response = await uploadFile(ctx.testApp.app, ApiPaths.libraryFileUpload, token, {
    fileName,
    content: clip,
  });
  if (response.statusCode !== 200) throw new Error(`upload: ${response.body}`);
  await ctx.testApp.jobs.idle();
  return json<LibraryVideo>(response);
}

function share(token: string, videoId: string) {
  return ctx.api.post(ApiPaths.addVideoToProfile, { videoId }, token);
}

async function profilePage(token: string) {
  const { playerProfileUrl } = json<PlayerProfileResponse>(
    await ctx.api.get(ApiPaths.goToProfile, token),
  );
  const url = new URL(playerProfileUrl);
  const page = await ctx.testApp.app.inject({ method: 'GET', url: url.pathname });
  return { url, page };
}

/** A public address as the profile hands it out, requested without any login. */
function fetchPublic(absoluteUrl: string, headers: Record<string, string> = {}) {
  const url = new URL(absoluteUrl);
  return ctx.testApp.app.inject({ method: 'GET', url: url.pathname + url.search, headers });
}

describe('sharing a video to the player profile', () => {
  it('a player shares once; the second share answers 409 with the already-shared message', async () => {
    const player = await signedInUser(ctx.testApp);
    const video = await upload(player.session.token);

    const first = await share(player.session.token, video.id);
    const second = await share(player.session.token, video.id);

    expect(first.statusCode).toBe(200);
    const body = json<AddVideoToProfileResponse>(first);
    expect(body.videoId).toBe(video.id);
    expect(body.publicVideoUrl).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/public/videos/[A-Za-z0-9_-]{22}$`),
    );
    expect(second.statusCode).toBe(409);
    expect(json(second)).toEqual({
      message: SharingTexts.alreadyShared,
      errorNumber: ErrorNumber.Unknown,
    });
  });

  it('a coach gets 403 from both player endpoints and nothing is shared', async () => {
    const coach = await signedInUser(ctx.testApp, { roleName: 'Coach' });
    const video = await upload(coach.session.token);

    const shared = await share(coach.session.token, video.id);
    const profile = await ctx.api.get(ApiPaths.goToProfile, coach.session.token);

    expect(shared.statusCode).toBe(403);
    expect(json(shared)).toEqual({
      message: SharingTexts.playersOnly,
      errorNumber: ErrorNumber.Unknown,
    });
    expect(profile.statusCode).toBe(403);
  });

  it('without a login the player endpoints answer 401', async () => {
    const response = await ctx.api.post(ApiPaths.addVideoToProfile, { videoId: 'x' });
    expect(response.statusCode).toBe(401);
  });

  it("another user's or an unknown video answers 404 and appears on no profile", async () => {
    const owner = await signedInUser(ctx.testApp);
    const intruder = await signedInUser(ctx.testApp, { firstName: 'Ivy' });
    const video = await upload(owner.session.token, 'private film.mp4');

    const foreign = await share(intruder.session.token, video.id);
    const unknown = await share(intruder.session.token, '00000000-0000-4000-8000-000000000000');

    expect(foreign.statusCode).toBe(404);
    expect(json(foreign)).toEqual({ message: Messages.notFound, errorNumber: ErrorNumber.Unknown });
    expect(unknown.statusCode).toBe(404);
    expect((await profilePage(intruder.session.token)).page.body).not.toContain('private film');
    // The owner can still share it: the failed attempt left nothing behind.
    expect((await share(owner.session.token, video.id)).statusCode).toBe(200);
  });

  it('an entry still being processed is not a library video: sharing it answers 404 and publishes nothing', async () => {
    const player = await signedInUser(ctx.testApp);
    const token = player.session.token;
    const library = await upload(token, 'library film.mp4');

    const fromLibrary = json<InProgressVideo>(
      await ctx.api.post(
        ApiPaths.processLibrary,
        { videoType: VideoType.Inactivity, videoId: library.id },
        token,
      ),
    );
    const sharedRequest = await share(token, fromLibrary.id);
    const uploaded = await uploadFile(ctx.testApp.app, ApiPaths.inactivityFileUpload, token, {
      fileName: 'raw upload.mp4',
      content: clip,
    });
    const entry = json<InProgressVideo>(uploaded);
    const sharedUpload = await share(token, entry.id);

    for (const response of [sharedRequest, sharedUpload]) {
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({
        message: Messages.notFound,
        errorNumber: ErrorNumber.Unknown,
      });
    }
    const { page } = await profilePage(token);
    expect(page.body).not.toContain('raw upload');
    expect(page.body).not.toContain('/api/public/videos/');
  });

  it('go-to-profile answers an absolute address under PUBLIC_URL that stays the same', async () => {
    const player = await signedInUser(ctx.testApp, { firstName: 'Jordan', lastName: 'Miles' });

    const first = await profilePage(player.session.token);
    const again = await profilePage(player.session.token);

    expect(first.url.origin).toBe(PUBLIC_URL);
    expect(first.url.pathname).toMatch(/^\/p\/jordan-miles-[0-9a-f]{12}$/);
    expect(again.url.href).toBe(first.url.href);
  });
});

describe('the public profile page and public video address', () => {
  it('lists the shared video, playable and downloadable without login, and escapes HTML', async () => {
    const player = await signedInUser(ctx.testApp, {
      firstName: '<b>Jo</b>',
      lastName: 'Miles',
    });
    const video = await upload(player.session.token);
    await ctx.api.put(
      ApiPaths.editVideo,
      {
        videoId: video.id,
        title: '<script>alert(1)</script> Final',
        description: 'Fourth "quarter" & overtime',
        notes: 'private note',
      },
      player.session.token,
    );
    const unshared = await upload(player.session.token, 'not shared.mp4');
    const { publicVideoUrl } = json<AddVideoToProfileResponse>(
      await share(player.session.token, video.id),
    );

    const { page } = await profilePage(player.session.token);

    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Final');
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('&lt;b&gt;Jo&lt;/b&gt; Miles');
    expect(page.body).toContain('Fourth &quot;quarter&quot; &amp; overtime');
    expect(page.body).toContain('Player');
    expect(page.body).toContain(`<video controls preload="metadata" playsinline`);
    expect(page.body).toContain(`src="${publicVideoUrl}"`);
    expect(page.body).toContain(`href="${publicVideoUrl}?download=1"`);
    expect(page.body).not.toContain('private note');
    expect(page.body).not.toContain('not shared');
    expect(unshared.id).not.toBe(video.id);
  });

  it('the public video plays without login, with Range requests, and downloads as a file', async () => {
    const player = await signedInUser(ctx.testApp);
    const video = await upload(player.session.token, 'Highlights.mp4');
    const { publicVideoUrl } = json<AddVideoToProfileResponse>(
      await share(player.session.token, video.id),
    );

    const whole = await fetchPublic(publicVideoUrl);
    const range = await fetchPublic(publicVideoUrl, { range: 'bytes=0-99' });
    const download = await fetchPublic(`${publicVideoUrl}?download=1`);

    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.length).toBeGreaterThan(1000);
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-99/${whole.rawPayload.length}`);
    expect(range.rawPayload.equals(whole.rawPayload.subarray(0, 100))).toBe(true);
    expect(download.headers['content-disposition']).toContain('attachment; filename="Highlights');
  });

  it('deleting a shared video removes it from the profile and its public address answers 404', async () => {
    const player = await signedInUser(ctx.testApp);
    const video = await upload(player.session.token, 'soon gone.mp4');
    const { publicVideoUrl } = json<AddVideoToProfileResponse>(
      await share(player.session.token, video.id),
    );
    expect((await fetchPublic(publicVideoUrl)).statusCode).toBe(200);
    expect((await profilePage(player.session.token)).page.body).toContain('soon gone');

    const deleted = await ctx.api.delete(
      `${ApiPaths.deleteVideo}?videoId=${video.id}`,
      player.session.token,
    );

    expect(deleted.statusCode).toBe(200);
    expect((await fetchPublic(publicVideoUrl)).statusCode).toBe(404);
    expect((await fetchPublic(`${publicVideoUrl}/thumbnail`)).statusCode).toBe(404);
    expect((await profilePage(player.session.token)).page.body).not.toContain('soon gone');
  });

  it('an unshared video has no public address: guessed tokens and unknown profiles answer 404', async () => {
    const guessed = await ctx.testApp.app.inject({
      method: 'GET',
      url: '/api/public/videos/AAAAAAAAAAAAAAAAAAAAAA',
    });
    const profile = await ctx.testApp.app.inject({ method: 'GET', url: '/p/nobody-000000000000' });

    expect(guessed.statusCode).toBe(404);
    expect(profile.statusCode).toBe(404);
  });
});
