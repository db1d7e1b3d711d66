import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ApiPaths,
  CutReviewMessages,
  Messages,
  VideoType,
  type CutReviewResponse,
  type LibraryVideo,
  type VideosResponse,
} from '@filmroom/contract';
import { probeVideo } from '@filmroom/vision/media';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { gameFilm } from '../helpers/films.js';
import { filesUnder, uploadFile } from '../helpers/media.js';
import { useTestApp } from '../helpers/setup-api.js';
import { json, signedInUser } from '../helpers/test-app.js';

const ctx = useTestApp();
vi.setConfig({ testTimeout: 180_000 });
let game = Buffer.alloc(0);

beforeAll(async () => {
  game = await readFile(await gameFilm());
}, 120_000);

async function library(token: string): Promise<LibraryVideo[]> {
  return json<VideosResponse<LibraryVideo>>(await ctx.api.get(ApiPaths.libraryVideos, token))
    .videos;
}

async function review(token: string, videoId: string, level?: number) {
  const query = new URLSearchParams({
    videoId,
    ...(level !== undefined ? { level: String(level) } : {}),
  });
  return ctx.api.get(`${ApiPaths.cutReview}?${query}`, token);
}

const keptTotal = (r: CutReviewResponse) =>
  r.stretches.filter((s) => s.kept).reduce((sum, s) => sum + s.end - s.start, 0);

async function fileHash(videoId: string): Promise<string[]> {
  const root = path.join(ctx.testApp.dataDir, 'storage');
  const files = (await filesUnder(root))
    .filter((f) => f.includes(videoId))
    .map((f) => path.join(root, f));
  return Promise.all(
    files.sort().map(async (f) =>
      createHash('sha256')
        .update(await readFile(f))
        .digest('hex'),
    ),
  );
}

async function probedLength(video: LibraryVideo): Promise<number> {
  const response = await ctx.testApp.app.inject({ method: 'GET', url: video.url });
  const file = path.join(ctx.testApp.dataDir, `review-${video.id}-${Date.now()}.mp4`);
  await writeFile(file, response.rawPayload);
  return (await probeVideo(file)).durationSec;
}

describe('Review cuts', () => {
  it('shows an output’s cuts, re-decides them at a level, and renders the coach’s choice in place', async () => {
    const user = await signedInUser(ctx.testApp);
    const token = user.session.token;
    const upload = await uploadFile(ctx.testApp.app, ApiPaths.inactivityFileUpload, token, {
      fileName: 'Review.mp4',
      content: game,
    });
    expect(upload.statusCode).toBe(200);
    const entryId = json<{ id: string }>(upload).id;
    await ctx.testApp.jobs.idle();
    const [output] = await library(token);
    expect(output).toMatchObject({ type: VideoType.Inactivity, cutReview: { saving: false } });
    const sourceBefore = await fileHash(entryId);
    expect(sourceBefore.length).toBeGreaterThan(0);

    // the engine's decision: the whole film, kept and cut stretches in order, each with a reason
    const decided = json<CutReviewResponse>(await review(token, output!.id));
    expect(decided).toMatchObject({ level: 0, saving: false, saved: false });
    expect(decided.sourceUrl).not.toBe('');
    expect(decided.stretches[0]!.start).toBe(0);
    expect(decided.stretches.at(-1)!.end).toBeCloseTo(decided.sourceDurationSec, 1);
    for (const s of decided.stretches) expect(s.reason).not.toBe('');
    // the first render may start a stretch up to a few seconds early, at a keyframe
    expect(keptTotal(decided)).toBeGreaterThan(output!.durationSec! - 6);
    expect(keptTotal(decided)).toBeLessThanOrEqual(output!.durationSec! + 0.5);
    const cut = decided.stretches.filter((s) => !s.kept);
    expect(cut.length).toBeGreaterThan(0);

    // "Keep more" keeps more, "Cut more" less, from the stored analysis alone
    const more = json<CutReviewResponse>(await review(token, output!.id, -2));
    const less = json<CutReviewResponse>(await review(token, output!.id, 2));
    expect(keptTotal(more)).toBeGreaterThan(keptTotal(decided));
    expect(keptTotal(less)).toBeLessThan(keptTotal(decided));

    // the coach restores the longest cut stretch and saves
    const restored = [...cut].sort((a, b) => b.end - b.start - (a.end - a.start))[0]!;
    const kept = decided.stretches
      .filter((s) => s.kept || s === restored)
      .map(({ start, end }) => ({ start, end }));
    const wanted = kept.reduce((sum, s) => sum + s.end - s.start, 0);
    const save = await ctx.api.post(
      ApiPaths.saveCuts,
      { videoId: output!.id, level: 0, kept },
      token,
    );
    expect(save.statusCode).toBe(202);
    expect(json(save)).toEqual({ message: CutReviewMessages.saving });
    const twice = await ctx.api.post(
      ApiPaths.saveCuts,
      { videoId: output!.id, level: 0, kept },
      token,
    );
    expect(twice.statusCode).toBe(409);
    expect(json(twice)).toMatchObject({ message: CutReviewMessages.alreadySaving });
    await ctx.testApp.jobs.idle();

    const [after] = await library(token);
    expect(after!.id).toBe(output!.id);
    expect(after!.cutReview).toEqual({ saving: false });
    expect(await probedLength(after!)).toBeCloseTo(wanted, 0);
    expect(Math.abs(after!.durationSec! - wanted)).toBeLessThanOrEqual(0.5);
    expect(after!.chapters!.at(-1)!.end).toBeCloseTo(after!.durationSec!, 1);
    // the source is never touched
    expect(await fileHash(entryId)).toEqual(sourceBefore);

    // the review opens on the coach's saved cuts, the restored stretch saying so
    const saved = json<CutReviewResponse>(await review(token, output!.id));
    expect(saved).toMatchObject({ saved: true, level: 0 });
    expect(saved.stretches).toContainEqual({
      start: restored.start,
      end: restored.end,
      kept: true,
      reason: 'Restored by you',
    });
  });

  it('refuses bad stretches, other users’ videos and videos no filter made, and changes nothing', async () => {
    const owner = await signedInUser(ctx.testApp);
    const token = owner.session.token;
    await uploadFile(ctx.testApp.app, ApiPaths.inactivityFileUpload, token, {
      fileName: 'Refuse.mp4',
      content: game,
    });
    const plain = await uploadFile(ctx.testApp.app, ApiPaths.libraryFileUpload, token, {
      fileName: 'Plain.mp4',
      content: game,
    });
    await ctx.testApp.jobs.idle();
    const output = (await library(token)).find((v) => v.madeBy)!;
    const before = await probedLength(output);
    const post = (body: object, as = token) => ctx.api.post(ApiPaths.saveCuts, body, as);

    const empty = await post({ videoId: output.id, kept: [] });
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({ message: CutReviewMessages.nothingKept });
    const overlapping = await post({
      videoId: output.id,
      kept: [
        { start: 1, end: 5 },
        { start: 4, end: 8 },
      ],
    });
    expect(overlapping.statusCode).toBe(400);
    expect(json(overlapping)).toMatchObject({ message: CutReviewMessages.badStretches });
    const beyond = await post({ videoId: output.id, kept: [{ start: 1, end: 10_000 }] });
    expect(beyond.statusCode).toBe(400);

    const stranger = await signedInUser(ctx.testApp);
    expect((await review(stranger.session.token, output.id)).statusCode).toBe(404);
    const foreign = await post(
      { videoId: output.id, kept: [{ start: 1, end: 5 }] },
      stranger.session.token,
    );
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign)).toMatchObject({ message: Messages.notFound });

    const plainId = json<{ id: string }>(plain).id;
    const notFiltered = await review(token, plainId);
    expect(notFiltered.statusCode).toBe(409);
    expect(json(notFiltered)).toMatchObject({ message: CutReviewMessages.notReviewable });

    await ctx.testApp.jobs.idle();
    const [same] = (await library(token)).filter((v) => v.id === output.id);
    expect(same!.cutReview).toEqual({ saving: false });
    expect(await probedLength(same!)).toBeCloseTo(before, 1);
  });
});
