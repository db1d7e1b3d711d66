import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessTokenService } from '../../services/tokens/access-token.service.js';
import { AppError, unauthorized } from '../../services/errors.js';

const BEARER = /^Bearer\s+(\S+)$/i;

/** Like `authenticate`, and then 403 with `message` unless the token's role list holds `role`. */
export function requireRole(accessTokens: AccessTokenService, role: string, message: string) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const claims = token ? await accessTokens.verify(token) : undefined;
    if (!claims) throw unauthorized();
    if (!claims.roles.includes(role)) throw new AppError(403, message);
    request.userId = claims.userId;
  };
}
