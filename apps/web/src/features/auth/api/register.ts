import { useMutation } from '@tanstack/react-query';
import { ApiPaths, type RegisterRequest } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';

export async function register(request: RegisterRequest): Promise<void> {
  await http.post(ApiPaths.register, request);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
