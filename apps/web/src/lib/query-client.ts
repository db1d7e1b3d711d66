import { QueryCache, QueryClient } from '@tanstack/react-query';
import {
  QUERY_MAX_RETRIES,
  QUERY_RETRY_BASE_DELAY_MS,
  QUERY_RETRY_MAX_DELAY_MS,
} from '@filmroom/contract';
import { errorMessageOf, isAuthFailure, isHandled } from './api-error.js';
import { notify } from './notifier.js';
import { signOut } from './sign-out.js';

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isAuthFailure(error)) {
    signOut('expired');
    return false;
  }
  return failureCount < QUERY_MAX_RETRIES;
}

/** 1 s, 2 s, 4 s … capped at 30 s (spec §4). */
export function queryRetryDelay(attemptIndex: number): number {
  return Math.min(QUERY_RETRY_BASE_DELAY_MS * 2 ** attemptIndex, QUERY_RETRY_MAX_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (!isHandled(error)) notify.error(errorMessageOf(error));
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
