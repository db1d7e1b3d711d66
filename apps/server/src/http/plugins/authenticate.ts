import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessTokenService } from '../../services/tokens/access-token.service.js';
import { unauthorized } from '../../services/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id; set by the authenticate hook on protected routes. */
    userId: string;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** A preHandler that admits requests carrying a valid bearer access token. */
export function authenticate(accessTokens: AccessTokenService) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const claims = token ? await accessTokens.verify(token) : undefined;
    if (!claims) throw unauthorized();
    request.userId = claims.userId;
  };
}
