import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, Messages } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';
import { notify } from '../../../lib/notifier.js';
import { removeInProgressVideo } from '../../../lib/video-cache.js';

export async function deleteInProgressVideo(videoId: string): Promise<void> {
  await http.put(ApiPaths.deleteInProgressVideo, undefined, { params: { videoId } });
}

/** Cancels processing; the card goes away (spec §4 In-progress video). */
export function useCancelProcessing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteInProgressVideo,
    onSuccess: (_data, videoId) => {
      removeInProgressVideo(client, videoId);
      notify.success(Messages.processingCanceled);
    },
    onError: (error) => console.error('Canceling the processing failed', error),
  });
}
