import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiPaths,
  CutReviewMessages,
  type CutReviewResponse,
  type SaveCutsRequest,
} from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';
import { notify } from '../../../lib/notifier.js';
import { libraryVideosQueryKey } from '../../../lib/video-cache.js';

export async function getCutReview(
  videoId: string,
  level: number | undefined,
  signal?: AbortSignal,
): Promise<CutReviewResponse> {
  const response = await http.get<CutReviewResponse>(ApiPaths.cutReview, {
    params: { videoId, ...(level !== undefined ? { level } : {}) },
    signal,
  });
  return response.data;
}

/**
 * An output's cuts: the coach's saved ones (or the engine's decision) when `level` is undefined,
 * else the film re-decided at that level. The last answer stays on screen while the next loads.
 */
export function useCutReview(videoId: string | undefined, level: number | undefined) {
  return useQuery({
    queryKey: ['cut-review', videoId, level ?? 'saved'],
    queryFn: ({ signal }) => getCutReview(videoId!, level, signal),
    enabled: videoId !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
    gcTime: 0,
  });
}

export async function saveCuts(request: SaveCutsRequest): Promise<{ message: string }> {
  const response = await http.post<{ message: string }>(ApiPaths.saveCuts, request);
  return response.data;
}

/** Renders the coach's kept stretches into the output; the library shows it saving until done. */
export function useSaveCuts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCuts,
    onSuccess: (response) => {
      notify.success(response.message || CutReviewMessages.saving);
      void client.invalidateQueries({ queryKey: libraryVideosQueryKey });
    },
    onError: (error) => console.error('Saving cuts failed', error),
  });
}
