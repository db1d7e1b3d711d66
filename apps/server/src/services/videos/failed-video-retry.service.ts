import {
  canRetryFailure,
  Messages,
  ProcessingProgress,
  RetryMessages,
  type MessageResponse,
} from '@filmroom/contract';
import type { ProcessingRunsRepository } from '../../infra/db/processing-runs.repository.js';
import type { Video, VideosRepository } from '../../infra/db/videos.repository.js';
import type { JobSender } from '../../infra/queue/job-sender.js';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import type { ProcessingService } from '../processing/processing.service.js';

/**
 * Retry of a failed in-progress video whose failure a second run may get past (see
 * `canRetryFailure`): a processing run starts again from where it failed, a link import downloads
 * again, an interrupted ingest of a stored file runs again. Only until its owner opens the error:
 * opening it discards a processing upload's file.
 */
export function createFailedVideoRetryService(deps: {
  videos: VideosRepository;
  runs: ProcessingRunsRepository;
  processing: Pick<ProcessingService, 'retry'>;
  jobs: JobSender;
  clock: Clock;
}) {
  const { videos, jobs } = deps;
  const cannotRetry = () => new AppError(409, RetryMessages.cannotRetry);

  /** An import or ingest starts again from its first step; false when the row moved on. */
  async function restartIntake(video: Video): Promise<boolean> {
    const isLibrary = video.requestedTool === null;
    if (!video.sourceKey && video.sourceUrl) {
      const restarted = await videos.restartFailed(
        video.id,
        // the failure titled the card after its link; the download names it again
        { status: 'importing', percentageCompleted: 0, title: '' },
        deps.clock(),
      );
      if (restarted) await jobs.send('import-link', { videoId: video.id });
      return Boolean(restarted);
    }
    if (!video.sourceKey) return false;
    const restarted = await videos.restartFailed(
      video.id,
      {
        status: 'ingesting',
        percentageCompleted: isLibrary ? 0 : ProcessingProgress.engineStart,
      },
      deps.clock(),
    );
    if (restarted) await jobs.send('ingest', { videoId: video.id });
    return Boolean(restarted);
  }

  return {
    async retry(userId: string, videoId: string): Promise<MessageResponse> {
      const video = await videos.findOwned(userId, videoId);
      if (!video) throw new AppError(404, Messages.notFound);
      if (
        video.status !== 'failed' ||
        video.errorAlreadyMarkedAsReaded ||
        !canRetryFailure(video.errorMessage)
      ) {
        throw cannotRetry();
      }
      const job =
        video.requestedTool === null ? undefined : await deps.runs.findByEntry(userId, video.id);
      // The engine failed (the source was stored); otherwise the import or ingest before it did.
      const restarted =
        job?.state === 'failed' ? await deps.processing.retry(job) : await restartIntake(video);
      if (!restarted) throw cannotRetry();
      return { message: RetryMessages.retrying };
    },
  };
}

export type FailedVideoRetryService = ReturnType<typeof createFailedVideoRetryService>;
