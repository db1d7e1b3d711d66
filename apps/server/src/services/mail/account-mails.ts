import type { MailMessage } from '../../infra/mail/mailer.js';

const PRODUCT = 'FilmRoom';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function layout(options: {
  title: string;
  greeting: string;
  lines: string[];
  action: string;
  link: string;
  footer: string;
}) {
  const paragraphs = options.lines
    .map((line) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(options.title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">
<table role="presentation" width="560" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<h1 style="margin:0 0 24px;font-size:22px">${PRODUCT}</h1>
<p style="margin:0 0 16px">${escapeHtml(options.greeting)}</p>
${paragraphs}
<p style="margin:24px 0"><a href="${escapeHtml(options.link)}" style="display:inline-block;padding:12px 24px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(options.action)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#52606d">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(options.link)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(options.link)}</a></p>
<p style="margin:0;font-size:13px;color:#52606d">${escapeHtml(options.footer)}</p>
</td></tr></table>
</td></tr></table>
</body>
</html>`;
}

function plainText(options: {
  greeting: string;
  lines: string[];
  action: string;
  link: string;
  footer: string;
}) {
  return [
    options.greeting,
    '',
    ...options.lines.flatMap((line) => [line, '']),
    `${options.action}:`,
    options.link,
    '',
    options.footer,
    '',
    `— ${PRODUCT}`,
  ].join('\n');
}

export function compose(
  to: string,
  subject: string,
  content: Parameters<typeof plainText>[0],
): MailMessage {
  return {
    to,
    subject,
    text: plainText(content),
    html: layout({ title: subject, ...content }),
    links: [content.link],
  };
}

export function activationMail(options: {
  to: string;
  firstName: string;
  publicUrl: string;
  token: string;
  ttlHours: number;
}): MailMessage {
  const link = `${options.publicUrl}/activate?email=${encodeURIComponent(options.to)}&token=${encodeURIComponent(options.token)}`;
  return compose(options.to, `Activate your ${PRODUCT} account`, {
    greeting: `Hi ${options.firstName},`,
    lines: [
      `Welcome to ${PRODUCT}! Please confirm your e-mail address to activate your account.`,
      `The link is valid for ${options.ttlHours} hours and can be used once.`,
    ],
    action: 'Activate account',
    link,
    footer: `If you did not create a ${PRODUCT} account, you can ignore this e-mail.`,
  });
}

export function passwordResetMail(options: {
  to: string;
  firstName: string;
  publicUrl: string;
  token: string;
  ttlMinutes: number;
}): MailMessage {
  const link = `${options.publicUrl}/confirm-reset-password?token=${encodeURIComponent(options.token)}`;
  return compose(options.to, `Reset your ${PRODUCT} password`, {
    greeting: `Hi ${options.firstName},`,
    lines: [
      `We received a request to reset the password of your ${PRODUCT} account.`,
      `The link is valid for ${options.ttlMinutes} minutes and can be used once.`,
    ],
    action: 'Choose a new password',
    link,
    footer:
      'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
  });
}
