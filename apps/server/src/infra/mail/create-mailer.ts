import path from 'node:path';
import type { MailLog, Mailer } from './mailer.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: MailLog;
}): Mailer {
  if (options.smtpUrl) return createSmtpMailer({ smtpUrl: options.smtpUrl, from: options.from });
  return createOutboxMailer({
    dir: path.join(options.dataDir, 'outbox'),
    from: options.from,
    logger: options.logger,
  });
}
