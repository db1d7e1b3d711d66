import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Reads the .eml files the outbox mailer wrote, oldest first. */
export async function readOutbox(dir: string): Promise<SentMail[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => {
      const mail = await simpleParser(await readFile(path.join(dir, file)));
      const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
      return {
        to: to?.value[0]?.address ?? '',
        subject: mail.subject ?? '',
        text: mail.text ?? '',
        html: typeof mail.html === 'string' ? mail.html : '',
      };
    }),
  );
}

/** The first link in the mail's text whose path is `linkPath`, parsed. */
export function linkIn(mail: SentMail, linkPath: string): URL {
  const match = mail.text
    .match(/https?:\/\/\S+/g)
    ?.find((link) => new URL(link).pathname === linkPath);
  if (!match) throw new Error(`No ${linkPath} link in "${mail.subject}":\n${mail.text}`);
  return new URL(match);
}
