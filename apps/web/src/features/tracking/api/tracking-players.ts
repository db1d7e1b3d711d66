import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiPaths,
  ProcessingMessages,
  type PlayerNumberRequest,
  type SelectPlayersRequest,
  type SelectPlayersResponse,
  type TrackingInfoResponse,
} from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';
import { notify } from '../../../lib/notifier.js';
import { inProgressVideosQueryKey, libraryVideosQueryKey } from '../../../lib/video-cache.js';

export async function getTrackingInfo(
  videoId: string,
  signal?: AbortSignal,
): Promise<TrackingInfoResponse> {
  const response = await http.get<TrackingInfoResponse>(ApiPaths.selectTrackingPlayers, {
    params: { videoId },
    signal,
  });
  return response.data;
}

const trackingInfoKey = (videoId: string | undefined) => ['tracking', 'players', videoId];

/** The teams and numbers Player Tracking found in a video waiting for player selection. */
export function useTrackingInfo(videoId: string | undefined) {
  return useQuery({
    queryKey: trackingInfoKey(videoId),
    queryFn: ({ signal }) => getTrackingInfo(videoId!, signal),
    enabled: videoId !== undefined,
    staleTime: Infinity,
  });
}

export async function selectPlayers(request: SelectPlayersRequest): Promise<SelectPlayersResponse> {
  const response = await http.post<SelectPlayersResponse>(ApiPaths.selectTrackingPlayers, request);
  return response.data ?? {};
}

/** Starts rendering the chosen players' clips; the card goes back to progress. */
export function useSelectPlayers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: selectPlayers,
    onSuccess: (response) => {
      notify.success(response.message || ProcessingMessages.playersSelected);
      void client.invalidateQueries({ queryKey: inProgressVideosQueryKey });
      void client.invalidateQueries({ queryKey: libraryVideosQueryKey });
    },
    onError: (error) => console.error('Selecting players failed', error),
  });
}

export async function numberPlayer(request: PlayerNumberRequest): Promise<TrackingInfoResponse> {
  const response = await http.post<TrackingInfoResponse>(ApiPaths.trackingPlayerNumber, request);
  return response.data;
}

/** The coach's number for a tracked player: the teams come back as they now are. */
export function useNumberPlayer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: numberPlayer,
    onSuccess: (teams, request) => {
      client.setQueryData(trackingInfoKey(request.videoId), teams);
      notify.success(ProcessingMessages.numberSaved);
    },
    onError: (error) => console.error('Numbering a player failed', error),
  });
}
