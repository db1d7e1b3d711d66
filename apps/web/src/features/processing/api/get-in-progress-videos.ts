import { useQuery } from '@tanstack/react-query';
import { ApiPaths, type InProgressVideo, type VideosResponse } from '@filmroom/contract';
import { statusOf } from '../../../lib/api-error.js';
import { http } from '../../../lib/http-client.js';
import { inProgressVideosQueryKey } from '../../../lib/video-cache.js';

/** How often the list refreshes while something is being processed. */
export const IN_PROGRESS_POLL_MS = 3000;

/** Videos being processed. A server without video routes yet (404) reads as none. */
export async function getInProgressVideos(signal?: AbortSignal): Promise<InProgressVideo[]> {
  try {
    const response = await http.get<VideosResponse<InProgressVideo>>(ApiPaths.inProgressVideos, {
      signal,
    });
    return response.data.videos ?? [];
  } catch (error) {
    if (statusOf(error) === 404) return [];
    throw error;
  }
}

export function useInProgressVideos() {
  return useQuery({
    queryKey: inProgressVideosQueryKey,
    queryFn: ({ signal }) => getInProgressVideos(signal),
    refetchInterval: (query) => ((query.state.data?.length ?? 0) > 0 ? IN_PROGRESS_POLL_MS : false),
  });
}
