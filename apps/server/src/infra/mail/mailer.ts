export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the message asks the reader to open; the outbox logs them. */
  links: string[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Where the outbox reports what it wrote (pino-compatible). */
export interface MailLog {
  info(details: object, message: string): void;
}
