import { useMutation } from '@tanstack/react-query';
import { ApiPaths, type LoginRequest, type LoginResponse } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';
import { saveAuth } from '../../../lib/session.js';

export async function login(request: LoginRequest): Promise<LoginResponse> {
  const response = await http.post<LoginResponse>(ApiPaths.login, request);
  return response.data;
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, refreshToken }) => saveAuth({ token, refreshToken }),
  });
}
