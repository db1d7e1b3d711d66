import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  canRetryFailure,
  defaultOutputTitle,
  TOOLS,
  ProcessingMessages,
  ProcessingProgress,
  Tool,
  VideoSource,
  VideoType,
  videoTypeOfTools,
} from '@filmroom/contract';
import type { EngineRequest, EngineResult } from '@filmroom/vision/engine';
import type { Logger } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProcessingRunsRepository } from '../../src/infra/db/processing-runs.repository.js';
import { createUsersRepository } from '../../src/infra/db/users.repository.js';
import { createVideosRepository, type Video } from '../../src/infra/db/videos.repository.js';
import { LocalDiskStorage } from '../../src/infra/storage/local-disk-storage.js';
import {
  createProcessingRunService,
  type EngineRunner,
} from '../../src/services/processing/processing-run.service.js';
import { toolRegistry } from '../../src/services/processing/tools/index.js';
import { RunningImports } from '../../src/services/videos/running-imports.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

/**
 * The run frame with a fake engine runner: what the frame owns (progress, cancel, retry, failure,
 * publish) without minutes of real analysis. The real engines run in processing.test.ts.
 */

type FakeEngine = (
  request: EngineRequest,
  options: Parameters<EngineRunner>[1],
) => Promise<unknown>;

let database: TestDatabase;
let dir: string;
let userId: string;
let engine: FakeEngine;
const mails: { kind: string; title: string; errorMessage?: string }[] = [];
const logs: string[] = [];
/** The fields logged with each message, by message. */
const logged = new Map<string, Record<string, unknown>>();

function services(timeLimit = { floorSec: 600, perFilmSecond: 8 }) {
  const { db } = database.handle;
  const videos = createVideosRepository(db);
  const processing = createProcessingRunsRepository(db);
  const storage = new LocalDiskStorage(path.join(dir, 'storage'));
  const imports = new RunningImports();
  const runs = createProcessingRunService({
    videos,
    processing,
    storage,
    clock: () => new Date(),
    logger: {
      info: (fields: Record<string, unknown>, message: string) => {
        logs.push(message);
        logged.set(message, fields);
      },
      warn: () => undefined,
    } as unknown as Pick<Logger, 'info' | 'warn'>,
    imports,
    notify: async (_job, kind, details) => {
      mails.push({ kind, ...details });
    },
    engines: ((request, options) => engine(request, options)) as EngineRunner,
    media: {
      probe: async () => ({
        formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
        durationSec: 8,
        video: {
          codec: 'h264',
          width: 640,
          height: 360,
          fps: 25,
          pixelFormat: 'yuv420p',
          rotation: 0,
          frameCount: 200,
        },
        audio: null,
      }),
      thumbnail: async ({ output }) => writeFile(output, 'jpeg'),
      cropPlayerPhoto: async ({ output }) => writeFile(output, 'jpeg'),
    },
    tools: toolRegistry(),
    tmpDir: path.join(dir, 'tmp'),
    staleAfterMs: 60_000,
    timeLimit,
  });
  return { videos, processing, storage, runs };
}

/** A library video made by Player Tracking, and an Inactivity Filter entry asking to process it. */
async function inactivityRequest() {
  const { videos, processing, storage } = services();
  const sourceKey = `videos/${userId}/source-${Date.now()}.mp4`;
  await storage.put(sourceKey, Readable.from([Buffer.from('film')]), { contentType: 'video/mp4' });
  const source = await videos.create({
    userId,
    title: 'Clips of #7',
    tools: [Tool.PlayerTracking],
    requestedTool: null,
    source: VideoSource.Upload,
    status: 'ready',
    sourceKey,
  });
  const entry = await videos.create({
    userId,
    title: source.title,
    tools: [Tool.Inactivity],
    requestedTool: Tool.Inactivity,
    source: VideoSource.Library,
    parentVideoId: source.id,
    status: 'ready',
  });
  const job = await processing.create({
    userId,
    entryVideoId: entry.id,
    sourceVideoId: source.id,
    tool: Tool.Inactivity,
  });
  return { source, entry, job };
}

/** A fake Inactivity Filter that writes its output and keeps two plays. */
const keepsTwoPlays: FakeEngine = async (request) => {
  if (request.engine !== 'inactivity') throw new Error(`unexpected engine ${request.engine}`);
  await writeFile(request.output, 'rendered film');
  const result: EngineResult<typeof request> = {
    rendered: true,
    durationSec: 20,
    timings: { analysisSec: 3.5, renderSec: 1.25 },
    segments: [
      { start: 2, end: 6 },
      { start: 10, end: 14 },
    ],
  } as EngineResult<typeof request>;
  return result;
};

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-run-frame-'));
  const user = await createUsersRepository(database.handle.db).create({
    email: 'frame@example.com',
    firstName: 'Fran',
    lastName: 'Frame',
    phoneNumber: '+15555550101',
    role: 'Coach',
    passwordHash: 'x',
  });
  if (!user) throw new Error('no user');
  userId = user.id;
});

beforeEach(() => {
  mails.length = 0;
  logs.length = 0;
  logged.clear();
});

afterAll(async () => {
  await database?.destroy();
  await rm(dir, { recursive: true, force: true });
});

describe('the processing run frame', () => {
  it('writes the engine progress into the card, within the stage share', async () => {
    const { runs, processing } = services();
    const { job } = await inactivityRequest();
    let seen: number | undefined;
    engine = async (request, options) => {
      options.onProgress?.(50);
      await new Promise((resolve) => setTimeout(resolve, 200));
      seen = (await processing.findById(job.id))?.percentageCompleted;
      return keepsTwoPlays(request, options);
    };
    await runs.runStage('inactivity', job.id, { lastAttempt: true });
    const middle = Math.round((ProcessingProgress.engineStart + ProcessingProgress.end) / 2);
    expect(seen).toBe(middle);
  });

  it('publishes the output as a library video with the source tools and this one', async () => {
    const { runs, processing, videos, storage } = services();
    const { job, source } = await inactivityRequest();
    engine = keepsTwoPlays;
    await runs.runStage('inactivity', job.id, { lastAttempt: true });
    const done = await processing.findById(job.id);
    expect(done?.state).toBe('done');
    const output = (await videos.findById(done!.outputVideoId!)) as Video;
    expect(output.requestedTool).toBeNull();
    expect(output.parentVideoId).toBe(source.id);
    expect(output.tools).toEqual([Tool.Inactivity, Tool.PlayerTracking]);
    expect(videoTypeOfTools(output.tools)).toBe(VideoType.Both);
    expect(output.chapters).toHaveLength(2);
    expect(await storage.withLocalFile(output.sourceKey!, (file) => readFile(file, 'utf8'))).toBe(
      'rendered film',
    );
    // The output is named after its source and the tool, and the mail names the output.
    expect(output.title).toBe(defaultOutputTitle(source.title, TOOLS[Tool.Inactivity].name));
    expect(mails).toEqual([{ kind: 'done', title: output.title }]);
  });

  it("logs each stage's time and the engine's own split, beside the film's length", async () => {
    const { runs } = services();
    const { job } = await inactivityRequest();
    engine = keepsTwoPlays;
    await runs.runStage('inactivity', job.id, { lastAttempt: true });
    expect(logged.get('Engine done')).toMatchObject({
      processingRunId: job.id,
      engine: 'inactivity',
      seconds: expect.any(Number),
      timings: { analysisSec: 3.5, renderSec: 1.25 },
    });
    expect(logged.get('Stage done')).toMatchObject({
      processingRunId: job.id,
      tool: Tool.Inactivity,
      stage: 'inactivity',
      seconds: expect.any(Number),
    });
    expect(logs.indexOf('Engine done')).toBeLessThan(logs.indexOf('Stage done'));
  });

  it('stops when the entry is deleted while the engine runs, and publishes nothing', async () => {
    const { runs, processing, videos } = services();
    const { job, entry } = await inactivityRequest();
    engine = async (_request, options) => {
      await videos.delete(entry.id);
      options.onProgress?.(10);
      await new Promise<void>((_resolve, reject) => {
        options.signal.addEventListener('abort', () => reject(new Error('aborted')));
      });
    };
    await runs.runStage('inactivity', job.id, { lastAttempt: false });
    expect(logs).toContain('Processing cancelled');
    expect(await processing.findById(job.id)).toBeUndefined();
    expect(mails).toEqual([]);
  });

  it('gives a crashed run back for the retry, which then finishes it', async () => {
    const { runs, processing } = services();
    const { job } = await inactivityRequest();
    engine = async () => {
      throw new Error('engine process exited with code 137');
    };
    await expect(runs.runStage('inactivity', job.id, { lastAttempt: false })).rejects.toThrow(
      'code 137',
    );
    expect((await processing.findById(job.id))?.state).toBe('analysing');
    engine = keepsTwoPlays;
    await runs.runStage('inactivity', job.id, { lastAttempt: true });
    expect((await processing.findById(job.id))?.state).toBe('done');
  });

  it('fails the job with a readable message after the last attempt, and tells the owner', async () => {
    const { runs, processing } = services();
    const { job, entry } = await inactivityRequest();
    engine = async () => {
      throw new Error('engine process exited with code 137');
    };
    await runs.runStage('inactivity', job.id, { lastAttempt: true });
    const failed = await processing.findById(job.id);
    expect(failed?.state).toBe('failed');
    expect(failed?.errorMessage).toBe(ProcessingMessages.processingFailed);
    expect(mails).toEqual([
      {
        kind: 'failed',
        title: entry.title,
        errorMessage: ProcessingMessages.processingFailed,
      },
    ]);
  });

  it('stops an engine run past its time limit, fails it saying so, and takes the next job', async () => {
    const { runs, processing } = services({ floorSec: 1, perFilmSecond: 1 });
    const stuck = await inactivityRequest();
    let killed = false;
    engine = async (_request, options) => {
      // an engine that never ends by itself (ffmpeg blocked on a film whose header lies)
      await new Promise<void>((_resolve, reject) => {
        options.signal.addEventListener('abort', () => {
          killed = true;
          reject(new Error('aborted'));
        });
      });
    };
    const started = Date.now();
    await runs.runStage('inactivity', stuck.job.id, { lastAttempt: false });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(killed).toBe(true);
    const failed = await processing.findById(stuck.job.id);
    expect(failed?.state).toBe('failed');
    expect(failed?.errorMessage).toBe(ProcessingMessages.timedOut);
    // a run that may finish in time is worth trying again
    expect(canRetryFailure(failed!.errorMessage)).toBe(true);
    expect(mails).toEqual([
      { kind: 'failed', title: stuck.entry.title, errorMessage: ProcessingMessages.timedOut },
    ]);

    const next = await inactivityRequest();
    engine = keepsTwoPlays;
    await runs.runStage('inactivity', next.job.id, { lastAttempt: true });
    expect((await processing.findById(next.job.id))?.state).toBe('done');
  });

  it('fails at once, naming the cause and the upload, when the film cannot be read', async () => {
    const { runs, processing } = services();
    const { job } = await inactivityRequest();
    let runsOfEngine = 0;
    engine = async () => {
      runsOfEngine++;
      // as the engine process reports a media error (EngineError carries its code)
      throw Object.assign(new Error('No picture of the video could be decoded.'), {
        code: 'EMPTY',
      });
    };
    // not the last attempt: still no silent retry, since the same film fails the same way
    await runs.runStage('inactivity', job.id, { lastAttempt: false });
    expect(runsOfEngine).toBe(1);
    const failed = await processing.findById(job.id);
    expect(failed?.state).toBe('failed');
    expect(failed?.errorMessage).toBe(
      'The uploaded video cannot be processed: no picture in it can be decoded.',
    );
    expect(canRetryFailure(failed!.errorMessage)).toBe(false);
  });

  it('shows the tool message when the engine finds nothing to keep, without a retry', async () => {
    const { runs, processing } = services();
    const { job } = await inactivityRequest();
    engine = async () => ({ rendered: false, durationSec: 20, segments: [] });
    await runs.runStage('inactivity', job.id, { lastAttempt: false });
    expect((await processing.findById(job.id))?.errorMessage).toBe(ProcessingMessages.noLivePlay);
  });
});
