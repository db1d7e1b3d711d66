import { randomUUID } from 'node:crypto';
import { ApiPaths, Tool, type InProgressVideo, type VideosResponse } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { createProcessingRunsRepository } from '../../src/infra/db/processing-runs.repository.js';
import { createUsersRepository } from '../../src/infra/db/users.repository.js';
import { createVideosRepository } from '../../src/infra/db/videos.repository.js';
import { useTestApp } from '../helpers/setup-api.js';
import { json, signedInUser } from '../helpers/test-app.js';

const ctx = useTestApp();

async function inProgress(token: string): Promise<InProgressVideo[]> {
  const response = await ctx.api.get(ApiPaths.inProgressVideos, token);
  expect(response.statusCode, response.body).toBe(200);
  return json<VideosResponse<InProgressVideo>>(response).videos;
}

/** A processing run waiting in the queue, as an upload to the Inactivity Filter leaves it. */
async function queuedRun(userId: string, title: string) {
  const db = ctx.database.handle.db;
  const entry = await createVideosRepository(db).create({
    userId,
    title,
    tools: [Tool.Inactivity],
    requestedTool: Tool.Inactivity,
    source: 'upload',
    status: 'ready',
    percentageCompleted: 33,
  });
  const job = await createProcessingRunsRepository(db).create({
    userId,
    entryVideoId: entry.id,
    sourceVideoId: randomUUID(),
    tool: 'inactivity',
  });
  return { entry, job };
}

async function userIdOf(email: string): Promise<string> {
  const user = await createUsersRepository(ctx.database.handle.db).findByEmail(email);
  return user!.id;
}

describe('GET in-progress videos: runs waiting for a worker', () => {
  it('say how many runs, anyone’s, are queued before them, and stop once a worker takes them', async () => {
    const other = await signedInUser(ctx.testApp);
    const coach = await signedInUser(ctx.testApp);
    const otherId = await userIdOf(other.email);
    const coachId = await userIdOf(coach.email);
    await queuedRun(otherId, 'Their first');
    const first = await queuedRun(coachId, 'Opener');
    await queuedRun(otherId, 'Their second');
    const second = await queuedRun(coachId, 'Closer');

    const listed = await inProgress(coach.session.token);
    const byTitle = Object.fromEntries(listed.map((video) => [video.title, video]));
    expect(byTitle['Opener']).toMatchObject({ jobsAhead: 1, percentageCompleted: 33 });
    expect(byTitle['Closer']).toMatchObject({ jobsAhead: 3 });

    const jobs = createProcessingRunsRepository(ctx.database.handle.db);
    await jobs.update(first.job.id, { state: 'analysing' }, new Date());
    const later = await inProgress(coach.session.token);
    expect(later.find((video) => video.id === first.entry.id)).not.toHaveProperty('jobsAhead');
    expect(later.find((video) => video.id === second.entry.id)).toMatchObject({ jobsAhead: 2 });
  });
});
