import type { Logger } from 'pino';
import type { User, UsersRepository } from '../../infra/db/users.repository.js';
import type { Mailer, MailMessage } from '../../infra/mail/mailer.js';

/**
 * Mails a user about their videos, only if they have notifications on. Sent inline rather than as
 * a queued job: a lost mail must not retry (and repeat) the work it reports, and the mailer already
 * fails soft; a failure is logged with `context`.
 */
export function createOwnerNotifier(deps: {
  users: UsersRepository;
  mailer: Mailer;
  logger: Pick<Logger, 'warn'>;
}) {
  return async (
    userId: string,
    mail: (owner: User) => MailMessage,
    context: Record<string, string>,
  ): Promise<void> => {
    try {
      const user = await deps.users.findById(userId);
      if (!user?.notificationsEnabled) return;
      await deps.mailer.send(mail(user));
    } catch (error) {
      deps.logger.warn({ err: error, ...context }, 'Notification mail not sent');
    }
  };
}

export type OwnerNotifier = ReturnType<typeof createOwnerNotifier>;
