import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  checkKeptStretches,
  CutReviewMessages,
  Messages,
  type CutReviewQuery,
  type CutReviewResponse,
  type SaveCutsRequest,
} from '@filmroom/contract';
import { decideCuts, stretchesOf } from '@filmroom/vision/engine';
import { renderSegments, type MediaInfo } from '@filmroom/vision/media';
import type { Logger } from 'pino';
import type { Video, VideosRepository } from '../../infra/db/videos.repository.js';
import type { JobSender } from '../../infra/queue/job-sender.js';
import type { ObjectStorage } from '../../infra/storage/object-storage.js';
import { storeLocalFile } from '../../infra/storage/store-file.js';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import type { MediaUrlSigner } from '../media/signed-media-url.js';
import type { RunAttempt } from '../run-attempt.js';
import { videoKeys } from '../videos/video-keys.js';
import { outputChapters } from './processing-run.service.js';

/**
 * Review cuts (beyond the spec): an Inactivity Filter output's stretches as kept and cut, re-decided
 * at a level from the analysis kept with the output ("Keep more" / "Cut more"), and the coach's own
 * stretches rendered into the output in place (the source is never touched).
 */
export function createCutReviewService(deps: {
  videos: VideosRepository;
  jobs: JobSender;
  signer: MediaUrlSigner;
  storage: ObjectStorage;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn'>;
  media: {
    probe(file: string, signal?: AbortSignal): Promise<MediaInfo>;
    thumbnail(options: { input: string; output: string; info: MediaInfo }): Promise<void>;
  };
  tmpDir: string;
}) {
  const { videos, storage } = deps;

  async function reviewable(userId: string, videoId: string) {
    const video = await videos.findOwned(userId, videoId);
    if (!video) throw new AppError(404, Messages.notFound);
    const analysis = video.cutAnalysis;
    if (!analysis) throw new AppError(409, CutReviewMessages.notReviewable);
    return { video, analysis };
  }

  /** The film the output was cut from, while it is still in the library with its file. */
  async function sourceOf(video: Video): Promise<Video | undefined> {
    if (!video.parentVideoId) return undefined;
    const source = await videos.findOwned(video.userId, video.parentVideoId);
    return source?.sourceKey ? source : undefined;
  }

  return {
    async review(userId: string, query: CutReviewQuery): Promise<CutReviewResponse> {
      const { video, analysis } = await reviewable(userId, query.videoId);
      const source = await sourceOf(video);
      const coach = video.cutReview?.rendering ?? video.cutReview?.saved ?? null;
      const fromCoach = query.level === undefined && coach !== null;
      const level = fromCoach ? coach.level : (query.level ?? 0);
      const playable = source ? (source.playableKey ?? source.sourceKey) : null;
      return {
        videoId: video.id,
        sourceUrl: playable ? deps.signer.sign({ key: playable }) : '',
        sourceDurationSec: analysis.durationSec,
        level,
        stretches: fromCoach
          ? stretchesOf(analysis, coach.kept, level)
          : decideCuts(analysis, level),
        saving: Boolean(video.cutReview?.rendering),
        saved: fromCoach,
      };
    },

    /** Keeps the coach's stretches and queues their render; the output changes when it is done. */
    async save(userId: string, request: Required<SaveCutsRequest>): Promise<{ message: string }> {
      const { video, analysis } = await reviewable(userId, request.videoId);
      if (!(await sourceOf(video))) throw new AppError(409, CutReviewMessages.sourceGone);
      const checked = checkKeptStretches(request.kept, analysis.durationSec);
      if (!checked.ok) throw new AppError(400, checked.message);
      const started = await videos.startCutRender(
        userId,
        video.id,
        { level: request.level, kept: checked.kept },
        deps.clock(),
      );
      if (!started) throw new AppError(409, CutReviewMessages.alreadySaving);
      await deps.jobs.send('cut-review-render', { videoId: video.id });
      return { message: CutReviewMessages.saving };
    },

    /**
     * The job: renders the coach's stretches from the source into the output's file, with its
     * thumbnail, length and chapters, then marks them saved. A render that cannot be made (the
     * source deleted meanwhile, the last attempt failed) leaves the output as it was.
     */
    async render(videoId: string, attempt: RunAttempt): Promise<void> {
      const video = await videos.findById(videoId);
      const rendering = video?.cutReview?.rendering;
      if (!video || !rendering || !video.cutAnalysis) return;
      const giveUp = async (why: string): Promise<void> => {
        deps.logger.warn({ videoId }, why);
        await videos.update(
          video.id,
          { cutReview: { saved: video.cutReview?.saved ?? null, rendering: null } },
          deps.clock(),
        );
      };
      const source = await sourceOf(video);
      if (!source) return giveUp('Reviewed cuts not rendered: the source is gone');
      const work = path.join(deps.tmpDir, `cut-review-${video.id}`);
      await rm(work, { recursive: true, force: true });
      await mkdir(work, { recursive: true });
      try {
        const output = path.join(work, 'output.mp4');
        const started = performance.now();
        await storage.withLocalFile(source.sourceKey!, (input) =>
          renderSegments({
            input,
            segments: rendering.kept,
            output,
            tempDir: work,
            // The coach chose each stretch to the fraction of a second and saw the total: one
            // encode keeps it. The stream-copying render starts a stretch at a keyframe and
            // its pieces run ~0.35 s long each (a 2-minute film of 4 plays came out 1.6 s long).
            forceEncode: true,
          }),
        );
        const info = await deps.media.probe(output);
        const thumbnail = path.join(work, 'thumbnail.jpg');
        await deps.media.thumbnail({ input: output, output: thumbnail, info });
        const keys = videoKeys(video.userId, video.id).revision(String(deps.clock().getTime()));
        const stored = await storeLocalFile(storage, keys.source, output, 'video/mp4');
        await storeLocalFile(storage, keys.thumbnail, thumbnail, 'image/jpeg');
        const kept = { segments: rendering.kept, sourceDurationSec: video.cutAnalysis.durationSec };
        const updated = await videos.update(
          video.id,
          {
            sourceKey: keys.source,
            thumbnailKey: keys.thumbnail,
            sizeBytes: stored.size,
            durationSec: info.durationSec,
            chapters: outputChapters(kept, info.durationSec),
            cutReview: { saved: rendering, rendering: null },
          },
          deps.clock(),
        );
        // the files it was made of before go; a video deleted meanwhile takes the new ones with it
        const stale = updated
          ? [video.sourceKey, video.thumbnailKey]
          : [keys.source, keys.thumbnail];
        await Promise.all(
          stale.map((key) => (key ? storage.delete(key).catch(() => undefined) : undefined)),
        );
        deps.logger.info(
          {
            videoId,
            keptSec: info.durationSec,
            renderSec: Math.round(performance.now() - started) / 1000,
          },
          'Reviewed cuts rendered',
        );
      } catch (error) {
        if (!attempt.lastAttempt) throw error;
        deps.logger.warn({ err: error, videoId }, 'Rendering reviewed cuts failed');
        await giveUp('Reviewed cuts not rendered: the last attempt failed');
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    },
  };
}

export type CutReviewService = ReturnType<typeof createCutReviewService>;
