import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { combineVideoTypes, ProcessingMessages, VideoType } from '@filmroom/contract';
import {
  ffmpegPath,
  probeVideo,
  runProcess,
  type InactivityFilterResult,
  type TrackingPlayer,
} from '@filmroom/vision';
import type { Logger } from 'pino';
import type {
  ProcessingJob,
  ProcessingJobsRepository,
} from '../infra/db/processing-jobs.repository.js';
import type { ProcessingState } from '../infra/db/schema.js';
import type { Video, VideosRepository } from '../infra/db/videos.repository.js';
import { makeThumbnail } from '../infra/media/video-rendition.js';
import { JOB_POLICIES, type JobKind } from '../infra/queue/job-kinds.js';
import type { JobHandler } from '../infra/queue/job-queue.js';
import type { ObjectStorage } from '../infra/storage/object-storage.js';
import { storeLocalFile } from '../infra/storage/store-file.js';
import type { Clock } from '../services/clock.js';
import type { ProcessingNotifier } from '../services/processing/processing-notifier.js';
import {
  photoId,
  PROGRESS,
  type StoredAnalysis,
  type StoredSelection,
} from '../services/processing/processing-types.js';
import type { RunningImports } from '../services/videos/running-imports.js';
import { videoKeys } from '../services/videos/video-keys.js';
import { EngineError, runEngine } from './engine-process.js';

export interface ProcessingDeps {
  videos: VideosRepository;
  processing: ProcessingJobsRepository;
  storage: ObjectStorage;
  clock: Clock;
  logger: Logger;
  /** Shared with the API in the same process: cancelling an entry aborts its running engine. */
  imports: RunningImports;
  notify: ProcessingNotifier;
  /** Per-job scratch folders live here (`processing-<jobId>`), removed at start and end of a run. */
  tmpDir: string;
  /** A running job not heard of for this long is taken over (its worker was killed). */
  staleAfterMs: number;
}

type EngineKind = Extract<JobKind, 'inactivity' | 'track-analyse' | 'track-render'>;

/** Progress is written at most once a second and only when it moved by a whole percent. */
const PROGRESS_INTERVAL_MS = 1000;

/** How often a running job tells the database its worker is alive, as a share of staleAfterMs. */
const HEARTBEAT_SHARE = 0.25;

/** An engine failure the user can act on; anything else is retried while attempts remain. */
class UserFacingFailure extends Error {}

export function scratchDir(tmpDir: string, jobId: string): string {
  return path.join(tmpDir, `processing-${jobId}`);
}

/** Every object a processing output video can own. */
function outputKeys(userId: string, videoId: string): string[] {
  const keys = videoKeys(userId, videoId);
  return [keys.source('mp4'), keys.thumbnail];
}

async function deleteKeys(storage: ObjectStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}

/** Photo keys sit under the entry's prefix so they go when the entry goes. */
function photoKey(job: ProcessingJob, player: TrackingPlayer): string {
  const base = videoKeys(job.userId, job.entryVideoId).thumbnail.replace(/thumbnail\.jpg$/, '');
  return `${base}players/${photoId(player.teamLetter, player.number)}.jpg`;
}

/** A crop of the player's best box, with some margin, scaled to at most 160 px high. */
async function cropPlayer(
  input: string,
  player: TrackingPlayer,
  output: string,
  signal: AbortSignal,
): Promise<void> {
  const [x, y, w, h] = player.best.box;
  const margin = 0.15;
  const cx = Math.max(0, Math.round(x - w * margin));
  const cy = Math.max(0, Math.round(y - h * margin));
  const cw = Math.max(8, Math.round(w * (1 + 2 * margin)));
  const ch = Math.max(8, Math.round(h * (1 + 2 * margin)));
  const result = await runProcess(
    ffmpegPath(),
    [
      '-hide_banner',
      '-y',
      '-ss',
      Math.max(0, player.best.time).toFixed(3),
      '-i',
      input,
      '-frames:v',
      '1',
      '-vf',
      `crop='min(${cw},iw-${cx})':'min(${ch},ih-${cy})':${cx}:${cy},scale=-2:'min(160,ih)'`,
      '-q:v',
      '3',
      output,
    ],
    { signal },
  );
  if (result.code !== 0) throw new Error(`Player photo failed: ${result.stderr.slice(-300)}`);
}

/**
 * The engine jobs. Each run starts from a clean state (scratch folder emptied, a partial output of
 * an earlier attempt deleted), runs its engine in a child process, and commits the result with the
 * job's state in one transaction. A cancelled job (entry row deleted) aborts at its next progress
 * write, or at once when it runs in this process.
 */
export function processingJobs(deps: ProcessingDeps) {
  const { processing, storage } = deps;

  async function sourceOf(job: ProcessingJob): Promise<Video> {
    const source = await deps.videos.findById(job.sourceVideoId);
    if (!source?.sourceKey) throw new UserFacingFailure(ProcessingMessages.processingFailed);
    return source;
  }

  async function fail(job: ProcessingJob, message: string): Promise<void> {
    const failed = await processing.update(
      job.id,
      { state: 'failed', errorMessage: message },
      deps.clock(),
    );
    if (!failed) return;
    const entry = await deps.videos.findById(job.entryVideoId);
    await deps.notify(failed, 'failed', { title: entry?.title ?? '', errorMessage: message });
  }

  /** Stores the rendered file as a new library video and finishes the job; false if cancelled. */
  async function publish(
    job: ProcessingJob,
    file: string,
    work: string,
    details: { title: string; description: string; notes: string; type: VideoType },
    signal: AbortSignal,
  ): Promise<Video | undefined> {
    const outputId = randomUUID();
    if (!(await processing.reserveOutput(job.id, outputId, deps.clock()))) return undefined;
    const keys = videoKeys(job.userId, outputId);
    const info = await probeVideo(file, { signal });
    const thumbnail = path.join(work, 'output-thumbnail.jpg');
    await makeThumbnail({ input: file, output: thumbnail, info, signal });
    const stored = await storeLocalFile(storage, keys.source('mp4'), file, 'video/mp4');
    await storeLocalFile(storage, keys.thumbnail, thumbnail, 'image/jpeg');
    const video = await processing.finish(
      job.id,
      {
        id: outputId,
        userId: job.userId,
        title: details.title,
        description: details.description,
        notes: details.notes,
        type: details.type,
        requestedTool: 3,
        // The output owns its files (a 'library' row would be a request that owns none).
        source: 'upload',
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
      },
      deps.clock(),
    );
    if (!video) await deleteKeys(storage, outputKeys(job.userId, outputId));
    return video;
  }

  /** The shared frame of an engine run: state, clean start, progress, cancel, retries, failure. */
  function engineJob(
    kind: EngineKind,
    startStates: ProcessingState[],
    runningState: ProcessingState,
    progressRange: [number, number],
    body: (
      job: ProcessingJob,
      run: {
        work: string;
        signal: AbortSignal;
        onProgress: (percent: number) => void;
      },
    ) => Promise<void>,
  ): JobHandler<EngineKind> {
    return async ({ processingJobId }, context) => {
      const [from, to] = progressRange;
      const now = deps.clock();
      // Queued, or running on a worker that stopped beating; a live run elsewhere is left alone.
      const claimed = await processing.claim(
        processingJobId,
        startStates,
        runningState,
        new Date(now.getTime() - deps.staleAfterMs),
        from,
        now,
      );
      if (!claimed) return;
      const job = claimed;
      const work = scratchDir(deps.tmpDir, job.id);
      // A clean state: whatever an earlier attempt (killed or failed) left behind goes first.
      await rm(work, { recursive: true, force: true });
      if (job.outputVideoId) {
        await deleteKeys(storage, outputKeys(job.userId, job.outputVideoId));
        await processing.reserveOutput(job.id, null, deps.clock());
      }
      await mkdir(work, { recursive: true });
      const heartbeat = setInterval(() => {
        void processing.heartbeat(job.id, deps.clock()).catch(() => undefined);
      }, deps.staleAfterMs * HEARTBEAT_SHARE);
      const processingJobEntry = job.entryVideoId;
      const signal = deps.imports.start(processingJobEntry);
      let lastWrite = 0;
      let lastPercent = from;
      const onProgress = (enginePercent: number): void => {
        const percent = Math.min(to, Math.round(from + ((to - from) * enginePercent) / 100));
        const now = Date.now();
        if (now - lastWrite < PROGRESS_INTERVAL_MS || percent - lastPercent < 1) return;
        lastWrite = now;
        lastPercent = percent;
        void processing
          .update(processingJobId, { percentageCompleted: percent }, deps.clock(), [runningState])
          .then((row) => {
            if (!row) deps.imports.cancel(processingJobEntry);
          })
          .catch(() => undefined);
      };
      try {
        await body(job, { work, signal, onProgress });
      } catch (error) {
        if (signal.aborted) {
          deps.logger.info({ processingJobId }, 'Processing cancelled');
          return;
        }
        const lastAttempt = context.retryCount >= JOB_POLICIES[kind].retryLimit;
        deps.logger.warn({ err: error, processingJobId, kind }, 'Processing failed');
        if (error instanceof UserFacingFailure) {
          await fail(job, error.message);
          return;
        }
        if (!lastAttempt) {
          await processing.release(job.id);
          throw error;
        }
        await fail(job, ProcessingMessages.processingFailed);
      } finally {
        clearInterval(heartbeat);
        deps.imports.finish(processingJobEntry);
        await rm(work, { recursive: true, force: true });
      }
    };
  }

  const inactivity = engineJob(
    'inactivity',
    ['queued', 'analysing'],
    'analysing',
    [PROGRESS.engineStart, PROGRESS.end],
    async (job, run) => {
      const source = await sourceOf(job);
      const output = path.join(run.work, 'inactivity.mp4');
      const result = await storage.withLocalFile(source.sourceKey!, (input) =>
        runEngine<InactivityFilterResult>(
          { engine: 'inactivity', input, output },
          { tmpDir: run.work, signal: run.signal, onProgress: run.onProgress },
        ),
      );
      if (!result.rendered || result.segments.length === 0) {
        throw new UserFacingFailure(ProcessingMessages.noLivePlay);
      }
      const video = await publish(
        job,
        output,
        run.work,
        {
          title: source.title,
          description: source.description,
          notes: source.notes,
          type: combineVideoTypes(source.type as VideoType, VideoType.Inactivity),
        },
        run.signal,
      );
      if (video) await deps.notify(job, 'done', { title: video.title });
    },
  );

  const trackAnalyse = engineJob(
    'track-analyse',
    ['queued', 'analysing'],
    'analysing',
    [PROGRESS.engineStart, PROGRESS.selection],
    async (job, run) => {
      const source = await sourceOf(job);
      const photos: Record<string, string> = {};
      const analysis = await storage.withLocalFile(source.sourceKey!, async (input) => {
        const result = await runEngine<Omit<StoredAnalysis, 'photos'>>(
          { engine: 'track-analyse', input },
          { tmpDir: run.work, signal: run.signal, onProgress: run.onProgress },
        );
        for (const player of result.players) {
          const file = path.join(
            run.work,
            `player-${photoId(player.teamLetter, player.number)}.jpg`,
          );
          try {
            await cropPlayer(input, player, file, run.signal);
          } catch (error) {
            if (run.signal.aborted) throw error;
            deps.logger.warn({ err: error, processingJobId: job.id }, 'No photo of a player');
            continue;
          }
          const key = photoKey(job, player);
          await storeLocalFile(storage, key, file, 'image/jpeg');
          photos[photoId(player.teamLetter, player.number)] = key;
        }
        return result;
      });
      if (analysis.players.length === 0) {
        await deleteKeys(storage, Object.values(photos));
        throw new UserFacingFailure(ProcessingMessages.noPlayersFound);
      }
      const stored: StoredAnalysis = {
        durationSec: analysis.durationSec,
        teams: analysis.teams,
        players: analysis.players,
        photos,
      };
      const ready = await processing.update(
        job.id,
        {
          state: 'awaiting-selection',
          analysis: stored,
          canSelectPlayers: true,
          percentageCompleted: PROGRESS.selection,
        },
        deps.clock(),
        ['analysing'],
      );
      if (!ready) {
        await deleteKeys(storage, Object.values(photos));
        return;
      }
      await deps.notify(ready, 'awaiting-selection', { title: source.title });
    },
  );

  const trackRender = engineJob(
    'track-render',
    ['rendering'],
    'rendering',
    [PROGRESS.selection, PROGRESS.end],
    async (job, run) => {
      const source = await sourceOf(job);
      const analysis = job.analysis as StoredAnalysis | null;
      const selection = job.selection as StoredSelection | null;
      if (!analysis || !selection) throw new UserFacingFailure(ProcessingMessages.processingFailed);
      const output = path.join(run.work, 'clips.mp4');
      await storage
        .withLocalFile(source.sourceKey!, (input) =>
          runEngine(
            {
              engine: 'track-render',
              input,
              output,
              analysis: {
                durationSec: analysis.durationSec,
                teams: analysis.teams,
                players: analysis.players,
              },
              teamLetter: selection.teamLetter,
              numbers: selection.selectedPlayers,
            },
            { tmpDir: run.work, signal: run.signal, onProgress: run.onProgress },
          ),
        )
        .catch((error: unknown) => {
          if (error instanceof EngineError && error.code === 'BAD_ARGUMENT') {
            throw new UserFacingFailure(ProcessingMessages.noPlayersFound);
          }
          throw error;
        });
      const video = await publish(
        job,
        output,
        run.work,
        {
          title: selection.title,
          description: selection.description,
          notes: selection.notes,
          type: combineVideoTypes(source.type as VideoType, VideoType.PlayerTracking),
        },
        run.signal,
      );
      if (video) await deps.notify(job, 'done', { title: video.title });
    },
  );

  return {
    inactivity: inactivity as JobHandler<'inactivity'>,
    'track-analyse': trackAnalyse as JobHandler<'track-analyse'>,
    'track-render': trackRender as JobHandler<'track-render'>,
  };
}
