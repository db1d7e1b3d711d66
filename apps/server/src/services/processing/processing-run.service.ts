import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  defaultOutputTitle,
  combineVideoTypes,
  ProcessingMessages,
  ProcessingProgress,
  TOOLS,
  UploadKind,
  VideoSource,
  type VideoChapter,
  type VideoType,
} from '@filmroom/contract';
import type { EngineRequest, EngineResult } from '@filmroom/vision/engine';
import { normaliseSegments, type MediaInfo } from '@filmroom/vision/media';
import type { Logger } from 'pino';
import type {
  ProcessingJob,
  ProcessingJobsRepository,
} from '../../infra/db/processing-jobs.repository.js';
import type { ProcessingState } from '../../infra/db/schema.js';
import type { Video, VideosRepository } from '../../infra/db/videos.repository.js';
import type { PlayerSighting } from '../../infra/media/player-photo.js';
import type { ObjectStorage } from '../../infra/storage/object-storage.js';
import { storeLocalFile } from '../../infra/storage/store-file.js';
import type { Clock } from '../clock.js';
import type { RunAttempt } from '../run-attempt.js';
import { stageProgress, type ProgressRange } from '../progress/stage-progress.js';
import type { RunningImports } from '../videos/running-imports.js';
import { videoKeys } from '../videos/video-keys.js';
import type { ProcessingNotifier } from './processing-notifier.js';
import { photoId, type StoredAnalysis } from './processing-types.js';

/** Runs one engine call somewhere it cannot block this process (a child process in production). */
export type EngineRunner = <R extends EngineRequest>(
  request: R,
  options: { tmpDir: string; signal: AbortSignal; onProgress?: (percent: number) => void },
) => Promise<EngineResult<R>>;

/** The media work a run does around its engine: probe and thumbnail the output, photograph players. */
export interface RunMedia {
  probe(file: string, signal: AbortSignal): Promise<MediaInfo>;
  thumbnail(options: {
    input: string;
    output: string;
    info: MediaInfo;
    signal: AbortSignal;
  }): Promise<void>;
  cropPlayerPhoto(options: {
    input: string;
    sighting: PlayerSighting;
    output: string;
    signal: AbortSignal;
  }): Promise<void>;
}

export interface ProcessingRunDeps {
  videos: VideosRepository;
  processing: ProcessingJobsRepository;
  storage: ObjectStorage;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** Shared with the API in the same process: cancelling an entry aborts its running engine. */
  imports: RunningImports;
  notify: ProcessingNotifier;
  engines: EngineRunner;
  media: RunMedia;
  /** Per-job scratch folders live here (`processing-<jobId>`), removed at start and end of a run. */
  tmpDir: string;
  /** A running job not heard of for this long is taken over (its worker was killed). */
  staleAfterMs: number;
}

/** How often a running job tells the database its worker is alive, as a share of staleAfterMs. */
const HEARTBEAT_SHARE = 0.25;

/** An engine failure the user can act on; anything else is retried while attempts remain. */
class UserFacingFailure extends Error {}

/** One stage of a run: which job states it claims, the state it runs in, its share of the card. */
interface RunStage {
  claims: ProcessingState[];
  runsIn: ProcessingState;
  progress: ProgressRange;
}

const STAGES = {
  inactivity: {
    claims: ['queued', 'analysing'],
    runsIn: 'analysing',
    progress: [ProcessingProgress.engineStart, ProcessingProgress.end],
  },
  trackingAnalysis: {
    claims: ['queued', 'analysing'],
    runsIn: 'analysing',
    progress: [ProcessingProgress.engineStart, ProcessingProgress.selection],
  },
  trackingRender: {
    claims: ['rendering'],
    runsIn: 'rendering',
    progress: [ProcessingProgress.selection, ProcessingProgress.end],
  },
} as const satisfies Record<string, RunStage>;

interface Run {
  job: ProcessingJob;
  source: Video;
  /** The job's scratch folder. */
  work: string;
  signal: AbortSignal;
  onProgress: (percent: number) => void;
}

/** What an output keeps of its source: the stretches (source time) and the source's length. */
interface Kept {
  segments: readonly VideoChapter[];
  sourceDurationSec: number;
}

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
 * The owner of a processing run: it claims the job, starts from a clean state (scratch folder
 * emptied, a partial output of an earlier attempt deleted), keeps the job's heartbeat and progress,
 * runs the engine, and publishes the output with the job's state in one transaction, or fails or
 * gives the job back for a retry. A cancelled job (entry row deleted) aborts at its next progress
 * write, or at once when it runs in this process. Job handlers only call these methods.
 */
export function createProcessingRunService(deps: ProcessingRunDeps) {
  const { processing, storage } = deps;

  async function deleteKeys(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
  }

  /** Marks the job failed with `message` (unless it already left `onlyIn`) and tells its owner. */
  async function fail(
    job: ProcessingJob,
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
    run: Run,
    file: string,
    details: { title: string; description: string; notes: string },
    kept: Kept,
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
        type: combineVideoTypes(run.source.type as VideoType, TOOLS[job.kind].videoType),
        requestedTool: UploadKind.VideoLibrary,
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
        madeByTool: job.kind,
        sourceDurationSec: kept.sourceDurationSec,
        chapters: outputChapters(kept, info.durationSec),
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

  /** The frame of every run: claim, clean start, heartbeat, progress, cancel, retries, failure. */
  async function run(
    stage: RunStage,
    processingJobId: string,
    attempt: RunAttempt,
    body: (run: Run) => Promise<void>,
  ): Promise<void> {
    const now = deps.clock();
    // Queued, or running on a worker that stopped beating; a live run elsewhere is left alone.
    const job = await processing.claim(
      processingJobId,
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
    const signal = deps.imports.start(job.entryVideoId);
    const onProgress = stageProgress(stage.progress, (percent) => {
      void processing
        .update(job.id, { percentageCompleted: percent }, deps.clock(), [stage.runsIn])
        .then((row) => {
          if (!row) deps.imports.cancel(job.entryVideoId);
        })
        .catch(() => undefined);
    });
    try {
      const source = await deps.videos.findById(job.sourceVideoId);
      if (!source?.sourceKey) throw new UserFacingFailure(ProcessingMessages.processingFailed);
      await body({ job, source, work, signal, onProgress });
    } catch (error) {
      if (signal.aborted) {
        deps.logger.info({ processingJobId }, 'Processing cancelled');
        return;
      }
      deps.logger.warn({ err: error, processingJobId, kind: job.kind }, 'Processing failed');
      if (error instanceof UserFacingFailure) {
        await fail(job, error.message);
        return;
      }
      if (!attempt.lastAttempt) {
        await processing.release(job.id);
        throw error;
      }
      await fail(job, ProcessingMessages.processingFailed);
    } finally {
      clearInterval(heartbeat);
      deps.imports.finish(job.entryVideoId);
      await rm(work, { recursive: true, force: true });
    }
  }

  /** Runs an engine on the run's source file, with the run's scratch folder, signal and progress. */
  function engine<R extends EngineRequest>(
    { source, work, signal, onProgress }: Run,
    request: (input: string) => R,
  ): Promise<EngineResult<R>> {
    return storage.withLocalFile(source.sourceKey!, (input) =>
      deps.engines(request(input), { tmpDir: work, signal, onProgress }),
    );
  }

  /** A JPEG of each player found, stored under the entry's prefix; players without one are logged. */
  async function storePlayerPhotos(
    run: Run,
    input: string,
    players: StoredAnalysis['players'],
  ): Promise<Record<string, string>> {
    const photos: Record<string, string> = {};
    for (const player of players) {
      const id = photoId(player.teamLetter, player.number);
      const file = path.join(run.work, `player-${id}.jpg`);
      try {
        await deps.media.cropPlayerPhoto({
          input,
          sighting: player.best,
          output: file,
          signal: run.signal,
        });
      } catch (error) {
        if (run.signal.aborted) throw error;
        deps.logger.warn({ err: error, processingJobId: run.job.id }, 'No photo of a player');
        continue;
      }
      const key = videoKeys(run.job.userId, run.job.entryVideoId).playerPhoto(id);
      await storeLocalFile(storage, key, file, 'image/jpeg');
      photos[id] = key;
    }
    return photos;
  }

  return {
    /**
     * A run that died with its worker: the retry may claim the job at once; after the last attempt
     * the job fails (a film that kills its worker every time must not loop forever).
     */
    async orphaned(processingJobId: string, attempt: RunAttempt): Promise<void> {
      const job = await processing.findById(processingJobId);
      if (!job) return;
      if (attempt.lastAttempt) {
        await fail(job, ProcessingMessages.processingFailed, ['analysing', 'rendering']);
      } else {
        await processing.release(job.id);
      }
    },

    /** Inactivity Filter: a new library video of only the live play. */
    inactivity(processingJobId: string, attempt: RunAttempt): Promise<void> {
      return run(STAGES.inactivity, processingJobId, attempt, async (current) => {
        const output = path.join(current.work, 'inactivity.mp4');
        const result = await engine(current, (input) => ({
          engine: 'inactivity' as const,
          input,
          output,
        }));
        if (!result.rendered || result.segments.length === 0) {
          throw new UserFacingFailure(ProcessingMessages.noLivePlay);
        }
        const { title, description, notes } = current.source;
        await publish(
          current,
          output,
          // Named after its source and the tool, so the two never look alike (the user can edit it).
          { title: defaultOutputTitle(title, TOOLS.inactivity.name), description, notes },
          { segments: result.segments, sourceDurationSec: result.durationSec },
        );
      });
    },

    /** Player Tracking phase 1: teams, numbers and player photos; then the user selects players. */
    analyseTracking(processingJobId: string, attempt: RunAttempt): Promise<void> {
      return run(STAGES.trackingAnalysis, processingJobId, attempt, async (current) => {
        const { job, source } = current;
        let photos: Record<string, string> = {};
        const summary = await storage.withLocalFile(source.sourceKey!, async (input) => {
          const result = await deps.engines(
            { engine: 'track-analyse', input },
            { tmpDir: current.work, signal: current.signal, onProgress: current.onProgress },
          );
          photos = await storePlayerPhotos(current, input, result.players);
          return result;
        });
        if (summary.players.length === 0) {
          await deleteKeys(Object.values(photos));
          throw new UserFacingFailure(ProcessingMessages.noPlayersFound);
        }
        const analysis: StoredAnalysis = {
          durationSec: summary.durationSec,
          teams: summary.teams,
          players: summary.players,
          photos,
        };
        const ready = await processing.update(
          job.id,
          {
            state: 'awaiting-selection',
            analysis,
            canSelectPlayers: true,
            percentageCompleted: ProcessingProgress.selection,
          },
          deps.clock(),
          ['analysing'],
        );
        if (!ready) {
          await deleteKeys(Object.values(photos));
          return;
        }
        await deps.notify(ready, 'awaiting-selection', { title: source.title });
      });
    },

    /** Player Tracking phase 2: the selected players' clips as a new library video. */
    renderTracking(processingJobId: string, attempt: RunAttempt): Promise<void> {
      return run(STAGES.trackingRender, processingJobId, attempt, async (current) => {
        const { analysis, selection } = current.job;
        if (!analysis || !selection) {
          throw new UserFacingFailure(ProcessingMessages.processingFailed);
        }
        const team = analysis.teams.find((t) => t.teamLetter === selection.teamLetter);
        if (!team) throw new UserFacingFailure(ProcessingMessages.noPlayersFound);
        const output = path.join(current.work, 'clips.mp4');
        const rendered = await engine(current, (input) => ({
          engine: 'track-render' as const,
          input,
          output,
          analysis: {
            durationSec: analysis.durationSec,
            teams: analysis.teams,
            players: analysis.players,
          },
          teamLetter: team.teamLetter,
          numbers: selection.selectedPlayers,
        })).catch((error: unknown) => {
          // The engine refuses a selection it cannot render (no appearance of these players).
          if ((error as { code?: unknown }).code === 'BAD_ARGUMENT') {
            throw new UserFacingFailure(ProcessingMessages.noPlayersFound);
          }
          throw error;
        });
        const { title, description, notes } = selection;
        await publish(
          current,
          output,
          { title, description, notes },
          { segments: rendered.clips, sourceDurationSec: analysis.durationSec },
        );
      });
    },
  };
}

export type ProcessingRunService = ReturnType<typeof createProcessingRunService>;
