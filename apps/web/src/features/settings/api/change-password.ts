import { useMutation } from '@tanstack/react-query';
import {
  ApiPaths,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
} from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';
import { saveAuth } from '../../../lib/session.js';

export async function changePassword(
  request: ChangePasswordRequest,
): Promise<ChangePasswordResponse> {
  const response = await http.put<ChangePasswordResponse>(ApiPaths.changePassword, request);
  return response.data;
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    // The server rotates the session on a password change; keep the new pair (spec §7).
    onSuccess: ({ token, refreshToken }) => saveAuth({ token, refreshToken }),
  });
}
