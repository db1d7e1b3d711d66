import { useMutation } from '@tanstack/react-query';
import { ApiPaths, Messages, type ActivateRequest, type MessageResponse } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';

export type ActivationOutcome = 'activated' | 'already-active';

/** Activates the account; a link opened again once the account is active is not a failure. */
export async function activateAccount(request: ActivateRequest): Promise<ActivationOutcome> {
  const { data } = await http.post<MessageResponse | undefined>(ApiPaths.activate, request);
  return data?.message === Messages.accountAlreadyActive ? 'already-active' : 'activated';
}

export function useActivateAccount() {
  return useMutation({ mutationFn: activateAccount });
}
