import { ImportErrorMessages } from '@filmroom/contract';
import { JOB_POLICIES } from '../infra/queue/job-kinds.js';
import type { JobHandler } from '../infra/queue/job-queue.js';
import { ingestStoredVideo, type IngestDeps } from './ingest-video.js';

/** The `ingest` job: a freshly uploaded video becomes ready; the last failed attempt marks it failed. */
export function ingestJob(deps: IngestDeps): JobHandler<'ingest'> {
  return async ({ videoId }, context) => {
    const video = await deps.videos.findById(videoId);
    if (!video?.sourceKey || video.status !== 'ingesting') return;
    try {
      await ingestStoredVideo(deps, video);
    } catch (error) {
      deps.logger.error({ err: error, videoId }, 'Ingest failed');
      if (context.retryCount < JOB_POLICIES.ingest.retryLimit) throw error;
      await deps.videos.update(
        videoId,
        { status: 'failed', errorMessage: ImportErrorMessages.notAVideo },
        deps.clock(),
      );
    }
  };
}
