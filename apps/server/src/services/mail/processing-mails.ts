import type { MailMessage } from '../../infra/mail/mailer.js';
import { compose } from './account-mails.js';

const FOOTER = 'You get these e-mails because notifications are on in your settings.';

export type ProcessingMailKind = 'done' | 'awaiting-selection' | 'failed';

/** Mails about a processing job (sent only when the owner has notifications on). */
export function processingMail(options: {
  kind: ProcessingMailKind;
  to: string;
  firstName: string;
  publicUrl: string;
  title: string;
  tool: string;
  errorMessage?: string;
}): MailMessage {
  const name = options.title || 'your video';
  const link = `${options.publicUrl}/`;
  const greeting = `Hi ${options.firstName},`;
  const footer = FOOTER;
  if (options.kind === 'done') {
    return compose(options.to, `Your ${options.tool} video is ready`, {
      greeting,
      lines: [`${options.tool} has finished "${name}". The new video is in your library.`],
      action: 'Open FilmRoom',
      link,
      footer,
    });
  }
  if (options.kind === 'awaiting-selection') {
    return compose(options.to, 'Your video is ready for player selection', {
      greeting,
      lines: [
        `We found the teams and players in "${name}".`,
        'Select the players whose clips you want, and we will make the video.',
      ],
      action: 'Select players',
      link,
      footer,
    });
  }
  return compose(options.to, `${options.tool} could not process your video`, {
    greeting,
    lines: [`${options.tool} could not process "${name}".`, options.errorMessage ?? ''].filter(
      Boolean,
    ),
    action: 'Open FilmRoom',
    link,
    footer,
  });
}

/** Mail about a linked video whose import failed after it was accepted (sent like processing mails). */
export function importFailedMail(options: {
  to: string;
  firstName: string;
  publicUrl: string;
  url: string;
  reason: string;
}): MailMessage {
  return compose(options.to, 'Your linked video could not be imported', {
    greeting: `Hi ${options.firstName},`,
    lines: [`We could not import the video at ${options.url}.`, options.reason],
    action: 'Open FilmRoom',
    link: `${options.publicUrl}/`,
    footer: FOOTER,
  });
}
