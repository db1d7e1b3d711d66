import type { User, UsersRepository } from '../../infra/db/users.repository.js';
import type { Mailer } from '../../infra/mail/mailer.js';
import { activationMail, passwordResetMail } from '../mail/account-mails.js';
import type { OneTimeTokenService } from '../tokens/one-time-token.service.js';
import { normalizeEmail } from './account-rules.js';

export type AccountMailKind = 'activation' | 'password-reset';

/** The e-mailed links of an account: a fresh single-use token each time, the previous one retired. */
export function createAccountMailService(deps: {
  users: Pick<UsersRepository, 'findByEmail'>;
  oneTimeTokens: OneTimeTokenService;
  mailer: Mailer;
  publicUrl: string;
  activationTtlHours: number;
  resetTtlMinutes: number;
}) {
  const { oneTimeTokens, mailer } = deps;

  async function sendTo(user: User, kind: AccountMailKind): Promise<void> {
    if (kind === 'activation') {
      const token = await oneTimeTokens.issue(user.id, 'activation');
      await mailer.send(
        activationMail({
          to: user.email,
          firstName: user.firstName,
          publicUrl: deps.publicUrl,
          token,
          ttlHours: deps.activationTtlHours,
        }),
      );
      return;
    }
    const token = await oneTimeTokens.issue(user.id, 'password_reset');
    await mailer.send(
      passwordResetMail({
        to: user.email,
        firstName: user.firstName,
        publicUrl: deps.publicUrl,
        token,
        ttlMinutes: deps.resetTtlMinutes,
      }),
    );
  }

  return {
    sendTo,

    /**
     * The queued request of a reset or resend: only here is it known whether the account exists,
     * so the HTTP answer cannot depend on it. Unknown e-mails and active accounts (resend) get nothing.
     */
    async sendRequested(kind: AccountMailKind, email: string): Promise<void> {
      const user = await deps.users.findByEmail(normalizeEmail(email));
      if (!user || (kind === 'activation' && user.activatedAt)) return;
      await sendTo(user, kind);
    },
  };
}

export type AccountMailService = ReturnType<typeof createAccountMailService>;
