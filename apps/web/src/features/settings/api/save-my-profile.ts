import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type UpdateProfileRequest } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';
import { myProfileQueryKey } from './get-my-profile.js';

export async function saveMyProfile(profile: UpdateProfileRequest): Promise<void> {
  await http.put(ApiPaths.myProfile, profile);
}

export function useSaveMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMyProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myProfileQueryKey }),
  });
}
