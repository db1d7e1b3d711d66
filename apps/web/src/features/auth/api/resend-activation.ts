import { useMutation } from '@tanstack/react-query';
import { ApiPaths, type ActivationResendRequest } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';

export async function resendActivation(request: ActivationResendRequest): Promise<void> {
  await http.post(ApiPaths.activationResend, request);
}

export function useResendActivation() {
  return useMutation({ mutationFn: resendActivation });
}
