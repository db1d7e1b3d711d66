import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailLog, Mailer } from './mailer.js';

/**
 * Without an SMTP server each message becomes an .eml file in the outbox folder, and its
 * links go to the log so they can be opened straight from the terminal.
 */
export function createOutboxMailer(options: {
  dir: string;
  from: string;
  logger: MailLog;
}): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(message) {
      const info = await composer.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await mkdir(options.dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.dir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message);
      options.logger.info(
        { to: message.to, subject: message.subject, file, links: message.links },
        `Mail to ${message.to} written to the outbox: ${message.subject}${message.links.map((link) => `\n  ${link}`).join('')}`,
      );
    },
    async close() {
      composer.close();
    },
  };
}
