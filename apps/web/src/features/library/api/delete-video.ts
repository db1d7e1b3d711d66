import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, Messages } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';
import { notify } from '../../../lib/notifier.js';
import { removeVideoEverywhere } from '../../../lib/video-cache.js';

export async function deleteVideo(videoId: string): Promise<void> {
  await http.delete(ApiPaths.deleteVideo, { params: { videoId } });
}

/** Deletes a video and removes it from every list (spec §4 Delete). */
export function useDeleteVideo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: (_data, videoId) => {
      removeVideoEverywhere(client, videoId);
      notify.success(Messages.videoDeleted);
    },
    onError: (error) => console.error('Deleting the video failed', error),
  });
}
