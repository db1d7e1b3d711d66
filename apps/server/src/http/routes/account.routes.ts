import {
  ApiPaths,
  Messages,
  activateRequestSchema,
  emailRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  passwordResetConfirmSchema,
  refreshTokenRequestSchema,
  registerRequestSchema,
  type MessageResponse,
  type TokenPair,
} from '@filmroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../../services/accounts/account.service.js';
import { clientAddressKey } from '../client-address.js';
import { parseBody } from '../parse-body.js';
import { authRateLimit } from '../plugins/rate-limit.js';

const done = (message: string): MessageResponse => ({ message });

/** Spec §7 Account: the unauthenticated calls. */
export function accountRoutes(options: { accounts: AccountService; rateLimitMax: number }) {
  const { accounts } = options;
  const limited = { config: authRateLimit(options.rateLimitMax) };

  return async (app: FastifyInstance): Promise<void> => {
    app.post(ApiPaths.register, limited, async (request, reply): Promise<MessageResponse> => {
      await accounts.register(parseBody(registerRequestSchema, request.body));
      reply.status(201);
      return done(Messages.userRegistered);
    });

    app.post(ApiPaths.login, limited, async (request): Promise<TokenPair> => {
      const body = parseBody(loginRequestSchema, request.body);
      return accounts.login(body.email, body.password, clientAddressKey(request.ip));
    });

    app.post(ApiPaths.refreshToken, async (request): Promise<TokenPair> => {
      return accounts.refresh(parseBody(refreshTokenRequestSchema, request.body).refreshToken);
    });

    app.post(ApiPaths.logout, async (request): Promise<MessageResponse> => {
      await accounts.logOut(parseBody(logoutRequestSchema, request.body).refreshToken);
      return done(Messages.loggedOut);
    });

    app.post(ApiPaths.activationResend, limited, async (request): Promise<MessageResponse> => {
      await accounts.resendActivation(parseBody(emailRequestSchema, request.body).email);
      return done(Messages.emailSent);
    });

    app.post(ApiPaths.activate, async (request): Promise<MessageResponse> => {
      const outcome = await accounts.activate(parseBody(activateRequestSchema, request.body).token);
      return done(
        outcome === 'already-active' ? Messages.accountAlreadyActive : Messages.accountActivated,
      );
    });

    app.post(ApiPaths.passwordResetRequest, limited, async (request): Promise<MessageResponse> => {
      await accounts.requestPasswordReset(parseBody(emailRequestSchema, request.body).email);
      return done(Messages.emailSent);
    });

    app.patch(ApiPaths.passwordResetConfirm, async (request): Promise<MessageResponse> => {
      const body = parseBody(passwordResetConfirmSchema, request.body);
      await accounts.confirmPasswordReset(body.token, body.newPassword);
      return done(Messages.passwordSaved);
    });
  };
}
