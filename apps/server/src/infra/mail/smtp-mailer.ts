import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.js';

/** Sends through the SMTP server named by SMTP_URL (smtp://user:pass@host:port or smtps://). */
export function createSmtpMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    async close() {
      transport.close();
    },
  };
}
