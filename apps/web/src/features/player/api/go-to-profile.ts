import { useMutation } from '@tanstack/react-query';
import { ApiPaths } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';

interface PlayerProfileResponse {
  playerProfileUrl: string;
}

export async function getPlayerProfileUrl(): Promise<string> {
  const response = await http.get<PlayerProfileResponse>(ApiPaths.goToProfile);
  return response.data.playerProfileUrl;
}

export function useGoToPlayerProfile() {
  return useMutation({ mutationFn: getPlayerProfileUrl });
}
