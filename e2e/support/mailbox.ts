import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on a free loopback port that keeps every message it receives. */
export class Mailbox {
  readonly messages: ReceivedMail[] = [];
  private readonly server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap(
              (address) => address.value.map((entry) => (entry.address ?? '').toLowerCase()),
            );
            this.messages.push({
              to,
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Waits for the next message to `address` whose subject matches, received after `after` messages. */
  async waitFor(
    address: string,
    subject: RegExp,
    { after = 0, timeoutMs = 20_000 } = {},
  ): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages
        .slice(after)
        .find((mail) => mail.to.includes(address.toLowerCase()) && subject.test(mail.subject));
      if (found) return found;
      if (Date.now() > deadline) {
        const seen = this.messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ');
        throw new Error(`No mail to ${address} matching ${subject} (received: ${seen || 'none'})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The first link in a mail's text that starts with the app's public URL and has the given path. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s"'<>]+${path}[^\\s"'<>]*`));
  if (!match) throw new Error(`No ${path} link in mail "${mail.subject}": ${mail.text}`);
  return match[0];
}
