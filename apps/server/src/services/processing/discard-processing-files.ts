import type { ProcessingRunsRepository } from '../../infra/db/processing-runs.repository.js';
import type { Video } from '../../infra/db/videos.repository.js';
import type { ObjectStorage } from '../../infra/storage/object-storage.js';
import { videoKeys } from '../videos/video-keys.js';

/**
 * Before a processing entry is cancelled: deletes what its job stored that the entry row does not
 * name (player photos, a partly stored output). The job row goes with the entry row.
 */
export async function discardProcessingFiles(
  processing: ProcessingRunsRepository,
  storage: ObjectStorage,
  entry: Video,
): Promise<void> {
  const job = await processing.findByEntry(entry.userId, entry.id);
  if (!job) return;
  const keys = Object.values(job.analysis?.photos ?? {});
  if (job.outputVideoId && job.state !== 'done') {
    const output = videoKeys(job.userId, job.outputVideoId);
    keys.push(output.source('mp4'), output.thumbnail);
  }
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}
