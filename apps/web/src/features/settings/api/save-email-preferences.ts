import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPaths, type EmailPreferences } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';
import { emailPreferencesQueryKey } from './get-email-preferences.js';

export async function saveEmailPreferences(preferences: EmailPreferences): Promise<void> {
  await http.post(ApiPaths.emailPreferences, preferences);
}

export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailPreferences,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailPreferencesQueryKey }),
  });
}
