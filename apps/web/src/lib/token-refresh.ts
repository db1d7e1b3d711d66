import axios from 'axios';
import { ApiPaths, type RefreshTokenResponse } from '@filmroom/contract';
import { errorMessageOf, markHandled } from './api-error.js';
import { notify } from './notifier.js';
import { getRuntimeConfig } from './runtime-config.js';
import { getAuth, saveAuth } from './session.js';
import { signOut } from './sign-out.js';

let inFlight: Promise<string> | undefined;

/**
 * Exchanges the refresh token for a new pair. Concurrent callers share one call (spec §4:
 * only one refresh runs at a time). On failure the user is signed out and the promise rejects.
 */
export function refreshAccessToken(): Promise<string> {
  inFlight ??= runRefresh().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

async function runRefresh(): Promise<string> {
  const { refreshToken } = getAuth();
  if (!refreshToken) {
    signOut('expired');
    throw new Error('No refresh token');
  }
  try {
    const response = await axios.post<RefreshTokenResponse>(
      getRuntimeConfig().apiBaseUrl + ApiPaths.refreshToken,
      { refreshToken },
      { headers: { 'Content-Type': 'application/json' } },
    );
    const { token, refreshToken: nextRefreshToken } = response.data;
    saveAuth({ token, refreshToken: nextRefreshToken });
    return token;
  } catch (error) {
    notify.clear();
    notify.error(errorMessageOf(error));
    markHandled(error);
    signOut('expired');
    throw error;
  }
}
