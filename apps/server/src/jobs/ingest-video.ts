import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeVideo } from '@filmroom/vision';
import type { Logger } from 'pino';
import type { Video, VideosRepository } from '../infra/db/videos.repository.js';
import {
  makeBrowserPlayable,
  makeThumbnail,
  playableActionFor,
} from '../infra/media/video-rendition.js';
import type { ObjectStorage } from '../infra/storage/object-storage.js';
import { storeLocalFile } from '../infra/storage/store-file.js';
import type { Clock } from '../services/clock.js';
import { videoKeys } from '../services/videos/video-keys.js';

export interface IngestDeps {
  videos: VideosRepository;
  storage: ObjectStorage;
  clock: Clock;
  logger: Logger;
  /** Runs once a video is ready (a processing entry's engine is queued here). */
  onIngested?: (video: Video) => Promise<void>;
}

/**
 * Probe, thumbnail and (when the source would not play in a browser) an H.264/AAC faststart MP4 of a
 * stored video; the source is kept. If the row vanished meanwhile (deleted), what was made is removed.
 */
export async function ingestStoredVideo(
  deps: IngestDeps,
  video: Video,
  signal?: AbortSignal,
): Promise<void> {
  const sourceKey = video.sourceKey;
  if (!sourceKey) throw new Error(`Video ${video.id} has no stored source`);
  const keys = videoKeys(video.userId, video.id);
  const work = await mkdtemp(path.join(tmpdir(), 'filmroom-ingest-'));
  const made: string[] = [];
  try {
    const changes = await deps.storage.withLocalFile(sourceKey, async (input) => {
      const info = await probeVideo(input, { signal });
      const thumbnail = path.join(work, 'thumbnail.jpg');
      await makeThumbnail({ input, output: thumbnail, info, signal });
      await storeLocalFile(deps.storage, keys.thumbnail, thumbnail, 'image/jpeg');
      made.push(keys.thumbnail);
      const action = playableActionFor(info);
      if (action !== 'none') {
        const output = path.join(work, 'playable.mp4');
        await makeBrowserPlayable({ input, output, info, action, signal });
        await storeLocalFile(deps.storage, keys.playable, output, 'video/mp4');
        made.push(keys.playable);
      }
      return {
        thumbnailKey: keys.thumbnail,
        playableKey: action === 'none' ? null : keys.playable,
        durationSec: info.durationSec,
        width: info.video?.width ?? null,
        height: info.video?.height ?? null,
        videoCodec: info.video?.codec ?? null,
        audioCodec: info.audio?.codec ?? null,
      };
    });
    const updated = await deps.videos.update(
      video.id,
      { ...changes, status: 'ready' },
      deps.clock(),
    );
    if (!updated) {
      await Promise.all([...made, sourceKey].map((key) => deps.storage.delete(key)));
      return;
    }
    deps.logger.info(
      { videoId: video.id, action: changes.playableKey ? 'rendition' : 'none' },
      'Video ingested',
    );
    await deps.onIngested?.(updated);
  } catch (error) {
    await Promise.all(made.map((key) => deps.storage.delete(key).catch(() => undefined)));
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
