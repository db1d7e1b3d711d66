import { useQuery } from '@tanstack/react-query';
import { ApiPaths, type MyProfileResponse } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';

export const myProfileQueryKey = ['settings', 'my-profile'] as const;

export async function getMyProfile(signal?: AbortSignal): Promise<MyProfileResponse> {
  const response = await http.get<MyProfileResponse>(ApiPaths.myProfile, { signal });
  return response.data;
}

export function useMyProfile() {
  return useQuery({ queryKey: myProfileQueryKey, queryFn: ({ signal }) => getMyProfile(signal) });
}
