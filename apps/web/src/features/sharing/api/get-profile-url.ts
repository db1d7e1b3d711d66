import { useMutation } from '@tanstack/react-query';
import { ApiPaths, type PlayerProfileResponse } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';

export async function getProfileUrl(): Promise<string> {
  const response = await http.get<PlayerProfileResponse>(ApiPaths.goToProfile);
  return response.data.playerProfileUrl;
}

/** A mutation, not a query: the address is fetched on each click, never cached. */
export function useProfileUrl() {
  return useMutation({ mutationFn: getProfileUrl });
}
