import { useMutation } from '@tanstack/react-query';
import { ApiPaths, type ActivateRequest } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';

export async function activateAccount(request: ActivateRequest): Promise<void> {
  await http.post(ApiPaths.activate, request);
}

export function useActivateAccount() {
  return useMutation({ mutationFn: activateAccount });
}
