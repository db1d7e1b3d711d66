import { VideoSource } from '@filmroom/contract';
import type { Video } from '../../infra/db/videos.repository.js';
import type { ObjectStorage } from '../../infra/storage/object-storage.js';

/** Removes every stored object of a video row (a processing request on a library video owns none). */
export async function deleteVideoObjects(storage: ObjectStorage, video: Video): Promise<void> {
  const keys = [video.sourceKey, video.playableKey, video.thumbnailKey].filter(
    (key): key is string => Boolean(key),
  );
  if (video.source === VideoSource.Library) return;
  await Promise.all(keys.map((key) => storage.delete(key)));
}
