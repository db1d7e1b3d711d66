import type { TokenPair } from '@filmroom/contract';
import type { User } from '../../infra/db/users.repository.js';
import type { AccessTokenService } from './access-token.service.js';
import type { RefreshTokenService } from './refresh-token.service.js';

/** A signed-in session: an access token plus a refresh token of a new or continued family. */
export function createSessionService(deps: {
  accessTokens: AccessTokenService;
  refreshTokens: RefreshTokenService;
}) {
  const accessTokenFor = (user: User) =>
    deps.accessTokens.issue({ userId: user.id, email: user.email, role: user.role });

  async function start(user: User): Promise<TokenPair> {
    const refreshToken = await deps.refreshTokens.startFamily(user.id);
    return { token: await accessTokenFor(user), refreshToken };
  }

  return {
    start,

    /** Continues a session; `findUser` reloads the user so a changed role reaches the token. */
    async refresh(
      presented: string,
      findUser: (id: string) => Promise<User | undefined>,
    ): Promise<TokenPair> {
      const { userId, refreshToken } = await deps.refreshTokens.rotate(presented);
      const user = await findUser(userId);
      if (!user) throw new Error(`Refresh token of a missing user ${userId}`);
      return { token: await accessTokenFor(user), refreshToken };
    },

    /** Ends every session of the user, then starts a new one (after a password change). */
    async restart(user: User): Promise<TokenPair> {
      await deps.refreshTokens.revokeAllOfUser(user.id);
      return start(user);
    },

    /** Log out: the session of this refresh token ends, including tokens it was rotated from. */
    end: (refreshToken: string) => deps.refreshTokens.revokeFamilyOf(refreshToken),

    endAll: (userId: string) => deps.refreshTokens.revokeAllOfUser(userId),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
