import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, Messages, type EditVideoRequest } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';
import { notify } from '../../../lib/notifier.js';
import { applyVideoDetails } from '../../../lib/video-cache.js';

export async function editVideo(request: EditVideoRequest): Promise<void> {
  await http.put(ApiPaths.editVideo, request);
}

/** Saves title, description and notes; every list shows the new details at once (spec §4 Edit). */
export function useEditVideo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: editVideo,
    onSuccess: (_data, request) => {
      applyVideoDetails(client, request);
      notify.success(Messages.videoEdited);
    },
    onError: (error) => console.error('Editing the video failed', error),
  });
}
