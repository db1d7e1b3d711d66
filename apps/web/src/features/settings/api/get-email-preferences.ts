import { useQuery } from '@tanstack/react-query';
import { ApiPaths, type EmailPreferences } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';

export const emailPreferencesQueryKey = ['settings', 'email-preferences'] as const;

export async function getEmailPreferences(signal?: AbortSignal): Promise<EmailPreferences> {
  const response = await http.get<EmailPreferences>(ApiPaths.emailPreferences, { signal });
  return response.data;
}

export function useEmailPreferences() {
  return useQuery({
    queryKey: emailPreferencesQueryKey,
    queryFn: ({ signal }) => getEmailPreferences(signal),
  });
}
