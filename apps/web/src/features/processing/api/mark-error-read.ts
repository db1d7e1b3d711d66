import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type VideoIdRequest } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';
import { removeInProgressVideo } from '../../../lib/video-cache.js';

export async function markErrorRead(request: VideoIdRequest): Promise<void> {
  await http.post(ApiPaths.errorNotificationRead, request);
}

/** The failure has been seen: tell the server once and drop the card. */
export function useMarkErrorRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markErrorRead,
    onSuccess: (_data, request) => removeInProgressVideo(client, request.videoId),
    onError: (error) => console.error('Marking the error as read failed', error),
  });
}
