import { useMutation } from '@tanstack/react-query';
import { ApiPaths, type PasswordResetConfirmRequest } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';

export async function confirmPasswordReset(request: PasswordResetConfirmRequest): Promise<void> {
  await http.patch(ApiPaths.passwordResetConfirm, request);
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
