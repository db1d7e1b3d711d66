import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type MessageResponse, type VideoIdRequest } from '@filmroom/contract';
import { errorMessageOf } from '../../../lib/api-error.js';
import { http } from '../../../lib/http-client.js';
import { notify } from '../../../lib/notifier.js';
import { inProgressVideosQueryKey } from '../../../lib/video-cache.js';

export async function retryInProgressVideo(request: VideoIdRequest): Promise<MessageResponse> {
  const response = await http.post<MessageResponse>(ApiPaths.retryInProgressVideo, request);
  return response.data;
}

/** Runs a failed video again; its card shows the new run once the list is fetched again. */
export function useRetryInProgressVideo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryInProgressVideo,
    onSuccess: async (response) => {
      if (response.message) notify.success(response.message);
      await client.invalidateQueries({ queryKey: inProgressVideosQueryKey });
    },
    // a retry refused (409: no longer possible) says why
    onError: (error) => notify.error(errorMessageOf(error)),
  });
}
