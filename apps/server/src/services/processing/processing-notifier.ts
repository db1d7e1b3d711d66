import { TOOLS } from '@filmroom/contract';
import type { Logger } from 'pino';
import type { ProcessingJob } from '../../infra/db/processing-jobs.repository.js';
import type { UsersRepository } from '../../infra/db/users.repository.js';
import type { Mailer } from '../../infra/mail/mailer.js';
import { processingMail, type ProcessingMailKind } from '../mail/processing-mails.js';

/**
 * Mails the owner about a job, after its state is committed, if they have notifications on. Sent
 * inline rather than as a queued job: a lost mail must not retry (and repeat) an engine run, and the
 * mailer already fails soft; a failure is logged.
 */
export function createProcessingNotifier(deps: {
  users: UsersRepository;
  mailer: Mailer;
  publicUrl: string;
  logger: Pick<Logger, 'warn'>;
}) {
  return async (
    job: ProcessingJob,
    kind: ProcessingMailKind,
    details: { title: string; errorMessage?: string },
  ): Promise<void> => {
    try {
      const user = await deps.users.findById(job.userId);
      if (!user?.notificationsEnabled) return;
      await deps.mailer.send(
        processingMail({
          kind,
          to: user.email,
          firstName: user.firstName,
          publicUrl: deps.publicUrl,
          title: details.title,
          tool: TOOLS[job.kind].name,
          errorMessage: details.errorMessage,
        }),
      );
    } catch (error) {
      deps.logger.warn({ err: error, processingJobId: job.id }, 'Processing mail not sent');
    }
  };
}

export type ProcessingNotifier = ReturnType<typeof createProcessingNotifier>;
