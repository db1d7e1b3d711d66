import axios, { type AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { ApiPaths } from '@filmroom/contract';
import { isTokenExpired } from './access-token.js';
import { errorMessageOf, isHandled, markHandled } from './api-error.js';
import { notify } from './notifier.js';
import { getRuntimeConfig } from './runtime-config.js';
import { getAuth } from './session.js';
import { signOut } from './sign-out.js';
import { refreshAccessToken } from './token-refresh.js';

/** Calls made without a session; they never carry or refresh a token. */
const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  ApiPaths.register,
  ApiPaths.login,
  ApiPaths.passwordResetRequest,
  ApiPaths.passwordResetConfirm,
  ApiPaths.refreshToken,
  ApiPaths.logout,
  ApiPaths.activationResend,
  ApiPaths.activate,
]);

function isPublic(config: InternalAxiosRequestConfig): boolean {
  return PUBLIC_PATHS.has((config.url ?? '').split('?')[0] ?? '');
}

/** The one HTTP client: every contract path is prefixed with the runtime API base URL. */
export const http = axios.create({ headers: { 'Content-Type': 'application/json' } });

/** The session's access token, refreshed first when it has expired; undefined when signed out. */
export async function currentAccessToken(): Promise<string | undefined> {
  let { token } = getAuth();
  if (token && isTokenExpired(token)) token = await refreshAccessToken();
  return token || undefined;
}

http.interceptors.request.use(async (config) => {
  config.baseURL = getRuntimeConfig().apiBaseUrl;
  if (isPublic(config)) return config;
  const token = await currentAccessToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

http.interceptors.response.use(undefined, (error: AxiosError) => {
  const config = error.config;
  // A failed refresh arrives here too (axios passes request-interceptor failures on); it was handled.
  if (isHandled(error)) return Promise.reject(error);
  if (error.response?.status === 401 && config && !isPublic(config)) {
    // Spec §8: clear queued toasts, show the reason once, sign out; the router then shows /login.
    notify.clear();
    notify.error(errorMessageOf(error));
    markHandled(error);
    signOut('expired');
  }
  return Promise.reject(error);
});
