import type { Video } from '../../infra/db/videos.repository.js';

/**
 * A video the library lists: uploaded or imported to the library (or made by a tool) and stored.
 * Processing entries are not, even while their uploaded file is stored. Mirrors `listLibrary`.
 */
export function isLibraryVideo(video: Pick<Video, 'requestedTool' | 'status'>): boolean {
  return video.requestedTool === null && (video.status === 'ready' || video.status === 'ingesting');
}
