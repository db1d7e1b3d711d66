import type { JobHandler } from '../infra/queue/job-queue.js';
import type { VideoIngestService } from '../services/videos/video-ingest.service.js';
import { attemptOf } from './attempt.js';

/** The `ingest` and `import-link` jobs: each hands its video to the ingest service, with the attempt. */
export function ingestJobs(ingest: VideoIngestService): {
  ingest: JobHandler<'ingest'>;
  'import-link': JobHandler<'import-link'>;
} {
  return {
    ingest: ({ videoId }, context) => ingest.ingest(videoId, attemptOf('ingest', context)),
    'import-link': ({ videoId }, context) =>
      ingest.importLink(videoId, attemptOf('import-link', context)),
  };
}
