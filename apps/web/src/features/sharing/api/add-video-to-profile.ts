import { useMutation } from '@tanstack/react-query';
import { ApiPaths, type AddVideoToProfileResponse } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';

/** Shares a library video to the player's profile; a 409 means it was shared before. */
export async function addVideoToProfile(videoId: string): Promise<AddVideoToProfileResponse> {
  const response = await http.post<AddVideoToProfileResponse>(ApiPaths.addVideoToProfile, {
    videoId,
  });
  return response.data;
}

export function useAddVideoToProfile() {
  return useMutation({ mutationFn: addVideoToProfile });
}
