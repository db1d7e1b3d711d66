import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { SentMail } from './outbox.js';

/** A real SMTP server on loopback that keeps every mail it receives, for the app to send to. */
export async function startSmtpCatcher() {
  const received: (SentMail & { from: string })[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
        received.push({
          from: mail.from?.value[0]?.address ?? '',
          to: to?.value[0]?.address ?? '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
        });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The first mail to `email` received after the first `after` mails; waits up to 5 s. */
    async nextMailTo(email: string, after: number): Promise<SentMail> {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const mail = received.slice(after).find((m) => m.to === email);
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`No mail to ${email}`);
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;
