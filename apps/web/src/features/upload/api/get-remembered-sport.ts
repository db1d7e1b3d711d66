import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  ApiPaths,
  DEFAULT_SPORT,
  isSport,
  type RememberedSportResponse,
  type Sport,
} from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';

export const rememberedSportQueryKey = ['upload', 'remembered-sport'] as const;

/**
 * The sport the user chose last (the server remembers it per user). A convenience only: when it
 * cannot be read the dialog offers "Detect automatically", without an error.
 */
export async function getRememberedSport(signal?: AbortSignal): Promise<Sport> {
  try {
    const response = await http.get<RememberedSportResponse>(ApiPaths.rememberedSport, { signal });
    return isSport(response.data?.sport) ? response.data.sport : DEFAULT_SPORT;
  } catch {
    return DEFAULT_SPORT;
  }
}

/** Read when a tool's upload dialog opens (`enabled`). */
export function useRememberedSport(enabled: boolean) {
  return useQuery({
    queryKey: rememberedSportQueryKey,
    queryFn: ({ signal }) => getRememberedSport(signal),
    enabled,
  });
}

/** A run started with `sport`: the server now remembers it, so the next dialog preselects it. */
export function rememberSport(client: QueryClient, sport: Sport): void {
  client.setQueryData<Sport>(rememberedSportQueryKey, sport);
}
