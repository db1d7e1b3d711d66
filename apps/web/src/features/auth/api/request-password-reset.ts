import { useMutation } from '@tanstack/react-query';
import { ApiPaths, type PasswordResetRequest } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';

export async function requestPasswordReset(request: PasswordResetRequest): Promise<void> {
  await http.post(ApiPaths.passwordResetRequest, request);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
