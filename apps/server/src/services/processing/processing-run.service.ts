import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  ProcessingMessages,
  toolSet,
  VideoSource,
  type ToolStageName,
  unreadableVideoMessage,
  type VideoChapter,
} from '@filmroom/contract';
import type { EngineRequest, EngineResult } from '@filmroom/vision/engine';
import { normaliseSegments } from '@filmroom/vision/media';
import type { Logger } from 'pino';
import type {
  ProcessingRun,
  ProcessingRunsRepository,
} from '../../infra/db/processing-runs.repository.js';
import type { ProcessingState } from '../../infra/db/schema.js';
import type { Video, VideosRepository } from '../../infra/db/videos.repository.js';
import type { ObjectStorage } from '../../infra/storage/object-storage.js';
import { storeLocalFile } from '../../infra/storage/store-file.js';
import { secondsSince, type Clock } from '../clock.js';
import { arrivalOf, unreadableCause } from '../media/unreadable-cause.js';
import type { RunAttempt } from '../run-attempt.js';
import { stageProgress } from '../progress/stage-progress.js';
import type { RunningImports } from '../videos/running-imports.js';
import { videoKeys } from '../videos/video-keys.js';
import type { ProcessingNotifier } from './processing-notifier.js';
import type { ToolRegistry } from './tools/index.js';
import {
  UserFacingFailure,
  type Kept,
  type OutputDetails,
  type RunContext,
  type RunMedia,
  type ToolStage,
} from './tools/tool-module.js';

export type { RunMedia } from './tools/tool-module.js';

/** Runs one engine call somewhere it cannot block this process (a child process in production). */
export type EngineRunner = <R extends EngineRequest>(
  request: R,
  options: { tmpDir: string; signal: AbortSignal; onProgress?: (percent: number) => void },
) => Promise<EngineResult<R>>;

export interface ProcessingRunDeps {
  videos: VideosRepository;
  processing: ProcessingRunsRepository;
  storage: ObjectStorage;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** Shared with the API in the same process: cancelling an entry aborts its running engine. */
  imports: RunningImports;
  notify: ProcessingNotifier;
  engines: EngineRunner;
  media: RunMedia;
  /** The tools' stages, by the job kind that runs them. */
  tools: ToolRegistry;
  /** Per-job scratch folders live here (`processing-<jobId>`), removed at start and end of a run. */
  tmpDir: string;
  /** A running job not heard of for this long is taken over (its worker was killed). */
  staleAfterMs: number;
  /** Each stage's time limit: `perFilmSecond` seconds a second of the source, at least `floorSec`. */
  timeLimit: RunTimeLimit;
}

export interface RunTimeLimit {
  floorSec: number;
  perFilmSecond: number;
}

/** A stage's time limit on a source of this length (its real length: ingest probed its packets). */
export function stageTimeLimitMs(limit: RunTimeLimit, durationSec: number | null): number {
  return Math.max(limit.floorSec, limit.perFilmSecond * Math.max(0, durationSec ?? 0)) * 1000;
}

/** How often a running job tells the database its worker is alive, as a share of staleAfterMs. */
const HEARTBEAT_SHARE = 0.25;

/**
 * The kept stretches as they lie one after another in the output, stretched to the output's probed
 * length (the renderer cuts near keyframes, so the sum of the stretches is close to it, not equal).
 */
export function outputChapters(kept: Kept, outputDurationSec: number): VideoChapter[] {
  const stretches = normaliseSegments(kept.segments, kept.sourceDurationSec);
  const total = stretches.reduce((sum, s) => sum + (s.end - s.start), 0);
  if (total <= 0) return [];
  const scale = outputDurationSec > 0 ? outputDurationSec / total : 1;
  const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
  let at = 0;
  return stretches.map((stretch) => {
    const start = at;
    at += (stretch.end - stretch.start) * scale;
    return { start: round(start), end: round(at) };
  });
}

/** Every object a processing output video can own. */
function outputKeys(userId: string, videoId: string): string[] {
  const keys = videoKeys(userId, videoId);
  return [keys.source('mp4'), keys.thumbnail];
}

/**
 * The frame of every processing run, whatever the tool: it claims the job, starts from a clean
 * state (scratch folder emptied, a partial output of an earlier attempt deleted), keeps the job's
 * heartbeat and progress, runs the tool's stage (tools/*.tool.ts), and publishes the output with
 * the job's state in one transaction, or fails or gives the job back for a retry. A cancelled job
 * (entry row deleted) aborts at its next progress write, or at once when it runs in this process.
 * Job handlers only call these methods.
 */
export function createProcessingRunService(deps: ProcessingRunDeps) {
  const { processing, storage } = deps;

  async function deleteKeys(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
  }

  /** Marks the job failed with `message` (unless it already left `onlyIn`) and tells its owner. */
  async function fail(
    job: ProcessingRun,
    message: string,
    onlyIn?: ProcessingState[],
  ): Promise<void> {
    const failed = await processing.update(
      job.id,
      { state: 'failed', errorMessage: message },
      deps.clock(),
      onlyIn,
    );
    if (!failed) return;
    const entry = await deps.videos.findById(job.entryVideoId);
    await deps.notify(failed, 'failed', { title: entry?.title ?? '', errorMessage: message });
  }

  /** Stores the rendered file as a new library video and finishes the job; undefined if cancelled. */
  async function publish(
    run: { job: ProcessingRun; source: Video; work: string; signal: AbortSignal },
    file: string,
    details: { title: string; description: string; notes: string },
    kept: Kept,
    about: OutputDetails = {},
  ): Promise<Video | undefined> {
    const { job, signal } = run;
    const outputId = randomUUID();
    if (!(await processing.reserveOutput(job.id, outputId, deps.clock()))) return undefined;
    const keys = videoKeys(job.userId, outputId);
    const info = await deps.media.probe(file, signal);
    const thumbnail = path.join(run.work, 'output-thumbnail.jpg');
    await deps.media.thumbnail({ input: file, output: thumbnail, info, signal });
    const stored = await storeLocalFile(storage, keys.source('mp4'), file, 'video/mp4');
    await storeLocalFile(storage, keys.thumbnail, thumbnail, 'image/jpeg');
    const video = await processing.finish(
      job.id,
      {
        id: outputId,
        userId: job.userId,
        ...details,
        tools: toolSet([...run.source.tools, job.tool]),
        requestedTool: null,
        // The output owns its files (a 'library' row would be a request that owns none).
        source: VideoSource.Upload,
        parentVideoId: job.sourceVideoId,
        status: 'ready',
        percentageCompleted: 100,
        sourceKey: keys.source('mp4'),
        thumbnailKey: keys.thumbnail,
        sizeBytes: stored.size,
        durationSec: info.durationSec,
        width: info.video?.width ?? null,
        height: info.video?.height ?? null,
        videoCodec: info.video?.codec ?? null,
        audioCodec: info.audio?.codec ?? null,
        madeByTool: job.tool,
        sourceDurationSec: kept.sourceDurationSec,
        chapters: outputChapters(kept, info.durationSec),
        chosenPlayers: about.chosenPlayers ?? null,
        cutAnalysis: about.cutAnalysis ?? null,
      },
      deps.clock(),
    );
    if (!video) {
      await deleteKeys(outputKeys(job.userId, outputId));
      return undefined;
    }
    await deps.notify(job, 'done', { title: video.title });
    return video;
  }

  /** What a stage's body may do on this job. */
  function contextOf(
    stage: ToolStage,
    base: Pick<RunContext, 'job' | 'source' | 'work' | 'signal' | 'onProgress'>,
  ): RunContext {
    const { job, source, work, signal, onProgress } = base;
    return {
      ...base,
      media: deps.media,
      logger: deps.logger,
      withSource: (use) => storage.withLocalFile(source.sourceKey!, use),
      runEngine: async (request) => {
        const started = performance.now();
        const result = await deps.engines(request, { tmpDir: work, signal, onProgress });
        // the engine's own split (analysis, render) beside the call's time with its process start
        const timings = (result as { timings?: unknown }).timings;
        deps.logger.info(
          {
            processingRunId: job.id,
            engine: request.engine,
            seconds: secondsSince(started),
            filmSeconds: source.durationSec,
            ...(timings ? { timings } : {}),
          },
          'Engine done',
        );
        return result;
      },
      store: async (key, file, contentType) => {
        await storeLocalFile(storage, key, file, contentType);
      },
      deleteKeys,
      publish: (file, details, kept, about) => publish(base, file, details, kept, about),
      async awaitUser(analysis) {
        const waiting = await processing.update(
          job.id,
          {
            state: 'awaiting-selection',
            analysis,
            canSelectPlayers: true,
            percentageCompleted: stage.progress[1],
          },
          deps.clock(),
          [stage.runsIn],
        );
        if (!waiting) return false;
        await deps.notify(waiting, 'awaiting-selection', { title: source.title });
        return true;
      },
    };
  }

  /** The frame of every run: claim, clean start, heartbeat, progress, cancel, retries, failure. */
  async function run(
    stageName: ToolStageName,
    processingRunId: string,
    attempt: RunAttempt,
  ): Promise<void> {
    const stage = deps.tools.stageOf(stageName);
    const now = deps.clock();
    // Queued, or running on a worker that stopped beating; a live run elsewhere is left alone.
    const job = await processing.claim(
      processingRunId,
      stage.claims,
      stage.runsIn,
      new Date(now.getTime() - deps.staleAfterMs),
      stage.progress[0],
      now,
    );
    if (!job) return;
    const work = path.join(deps.tmpDir, `processing-${job.id}`);
    // A clean state: whatever an earlier attempt (killed or failed) left behind goes first.
    await rm(work, { recursive: true, force: true });
    if (job.outputVideoId) {
      await deleteKeys(outputKeys(job.userId, job.outputVideoId));
      await processing.reserveOutput(job.id, null, deps.clock());
    }
    await mkdir(work, { recursive: true });
    const heartbeat = setInterval(() => {
      void processing.heartbeat(job.id, deps.clock()).catch(() => undefined);
    }, deps.staleAfterMs * HEARTBEAT_SHARE);
    const cancelled = deps.imports.start(job.entryVideoId);
    // Past its time limit a stage is stopped like a cancel (its engine and ffmpeg children killed),
    // and fails saying so; the worker's slot is free for the next job.
    const overtime = new AbortController();
    const signal = AbortSignal.any([cancelled, overtime.signal]);
    let limit: NodeJS.Timeout | undefined;
    let source: Video | undefined;
    const onProgress = stageProgress(stage.progress, (percent) => {
      void processing
        .update(job.id, { percentageCompleted: percent }, deps.clock(), [stage.runsIn])
        .then((row) => {
          if (!row) deps.imports.cancel(job.entryVideoId);
        })
        .catch(() => undefined);
    });
    try {
      source = await deps.videos.findById(job.sourceVideoId);
      if (!source?.sourceKey) throw new UserFacingFailure(ProcessingMessages.processingFailed);
      const limitMs = stageTimeLimitMs(deps.timeLimit, source.durationSec);
      limit = setTimeout(() => overtime.abort(), limitMs);
      const started = performance.now();
      await stage.run(contextOf(stage, { job, source, work, signal, onProgress }));
      deps.logger.info(
        {
          processingRunId,
          tool: job.tool,
          stage: stageName,
          seconds: secondsSince(started),
          filmSeconds: source.durationSec,
        },
        'Stage done',
      );
    } catch (error) {
      if (overtime.signal.aborted && !cancelled.aborted) {
        deps.logger.warn(
          { processingRunId, tool: job.tool },
          'Processing stopped at its time limit',
        );
        await fail(job, ProcessingMessages.timedOut, [stage.runsIn]);
        return;
      }
      if (signal.aborted) {
        deps.logger.info({ processingRunId }, 'Processing cancelled');
        return;
      }
      deps.logger.warn({ err: error, processingRunId, tool: job.tool }, 'Processing failed');
      if (error instanceof UserFacingFailure) {
        await fail(job, error.message);
        return;
      }
      // a film that cannot be read fails the same way every time: at once, saying why
      const cause = unreadableCause(error);
      if (cause && source) {
        await fail(job, unreadableVideoMessage(arrivalOf(source), cause));
        return;
      }
      if (!attempt.lastAttempt) {
        await processing.release(job.id);
        throw error;
      }
      await fail(job, ProcessingMessages.processingFailed);
    } finally {
      clearInterval(heartbeat);
      clearTimeout(limit);
      deps.imports.finish(job.entryVideoId);
      await rm(work, { recursive: true, force: true });
    }
  }

  return {
    /**
     * A run that died with its worker: the retry may claim the job at once; after the last attempt
     * the job fails (a film that kills its worker every time must not loop forever).
     */
    async orphaned(processingRunId: string, attempt: RunAttempt): Promise<void> {
      const job = await processing.findById(processingRunId);
      if (!job) return;
      if (attempt.lastAttempt) {
        await fail(job, ProcessingMessages.processingFailed, ['analysing', 'rendering']);
      } else {
        await processing.release(job.id);
      }
    },

    /** Runs the stage of a tool that `kind` names on the processing job. */
    runStage(kind: ToolStageName, processingRunId: string, attempt: RunAttempt): Promise<void> {
      return run(kind, processingRunId, attempt);
    },
  };
}

export type ProcessingRunService = ReturnType<typeof createProcessingRunService>;
