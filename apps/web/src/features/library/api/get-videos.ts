import { useQuery } from '@tanstack/react-query';
import { ApiPaths, type LibraryVideo, type VideosResponse } from '@filmroom/contract';
import { statusOf } from '../../../lib/api-error.js';
import { http } from '../../../lib/http-client.js';
import { libraryVideosQueryKey } from '../../../lib/video-cache.js';
import { isAwaitingMedia } from '../hooks/is-awaiting-media.js';

/** How often the library refreshes while a new video still waits for its thumbnail. */
export const LIBRARY_MEDIA_POLL_MS = 3000;

/** The user's library. A server without video routes yet (404) reads as an empty library. */
export async function getVideos(signal?: AbortSignal): Promise<LibraryVideo[]> {
  try {
    const response = await http.get<VideosResponse<LibraryVideo>>(ApiPaths.libraryVideos, {
      signal,
    });
    return response.data.videos ?? [];
  } catch (error) {
    if (statusOf(error) === 404) return [];
    throw error;
  }
}

export function useLibraryVideos() {
  return useQuery({
    queryKey: libraryVideosQueryKey,
    queryFn: ({ signal }) => getVideos(signal),
    refetchInterval: (query) =>
      query.state.data?.some((video) => isAwaitingMedia(video, Date.now()))
        ? LIBRARY_MEDIA_POLL_MS
        : false,
  });
}
