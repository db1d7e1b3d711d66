import { Tool, VideoSource } from '@filmroom/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProcessingRunsRepository } from '../../src/infra/db/processing-runs.repository.js';
import { processingRuns, videos as videoTable } from '../../src/infra/db/schema.js';
import { createUsersRepository } from '../../src/infra/db/users.repository.js';
import { createVideosRepository } from '../../src/infra/db/videos.repository.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

describe('deleting a processing entry while its job reports progress', () => {
  it('waits for the progress update and removes both rows, never a deadlock', async () => {
    const { db } = database.handle;
    const users = createUsersRepository(db);
    const videos = createVideosRepository(db);
    const jobs = createProcessingRunsRepository(db);
    const user = await users.create({
      email: 'race@example.com',
      firstName: 'Ray',
      lastName: 'Race',
      phoneNumber: '+15555550100',
      role: 'Coach',
      passwordHash: 'x',
    });
    if (!user) throw new Error('no user');
    const entry = await videos.create({
      userId: user.id,
      title: 'Game',
      tools: [Tool.Inactivity],
      requestedTool: Tool.Inactivity,
      source: VideoSource.Upload,
      status: 'ingesting',
    });
    const job = await jobs.create({
      userId: user.id,
      entryVideoId: entry.id,
      sourceVideoId: entry.id,
      tool: Tool.Inactivity,
    });

    // The job's progress update, held open between its two rows: the job row first, as
    // processing-runs.repository's update does, then the entry row once the delete is waiting.
    let deleting: Promise<boolean> | undefined;
    await db.transaction(async (tx) => {
      await tx
        .update(processingRuns)
        .set({ percentageCompleted: 5 })
        .where(eq(processingRuns.id, job.id));
      deleting = videos.delete(entry.id);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx
        .update(videoTable)
        .set({ percentageCompleted: 5 })
        .where(eq(videoTable.id, entry.id));
    });

    await expect(deleting).resolves.toBe(true);
    expect(await videos.findById(entry.id)).toBeUndefined();
    expect(await jobs.findById(job.id)).toBeUndefined();
  });
});
