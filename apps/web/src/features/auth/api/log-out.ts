import { ApiPaths, type LogoutRequest } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';
import { getAuth } from '../../../lib/session.js';
import { signOut } from '../../../lib/sign-out.js';

/** Asks the server to end the session of this refresh token, so a copy of it stops working. */
export async function endSession(request: LogoutRequest): Promise<void> {
  await http.post(ApiPaths.logout, request);
}

/**
 * Log out (spec §4): the server call is sent with the refresh token first, then the auth data and
 * cached data go at once, whether or not the call gets through; remember-me stays.
 */
export function logOut(): void {
  const { refreshToken } = getAuth();
  if (refreshToken) {
    // The user is signed out locally either way; a failed call leaves only the token's expiry.
    endSession({ refreshToken }).catch(() => undefined);
  }
  signOut('logout');
}
