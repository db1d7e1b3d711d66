import { ApiPaths } from '@filmroom/contract';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../src/infra/mail/smtp-mailer.js';
import { linkIn } from '../helpers/outbox.js';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import {
  PUBLIC_URL,
  apiClient,
  registration,
  startTestApp,
  type TestApp,
} from '../helpers/test-app.js';

let smtp: SmtpCatcher;
let received: SmtpCatcher['received'];
let database: TestDatabase;
let testApp: TestApp;

const nextMailTo = (email: string, after: number) => smtp.nextMailTo(email, after);

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  received = smtp.received;
  database = await createTestDatabase();
  const mailer = createSmtpMailer({
    smtpUrl: smtp.url,
    from: 'FilmRoom <hello@filmroom.test>',
  });
  testApp = await startTestApp(database.handle.db, { mailer });
});

afterAll(async () => {
  await testApp?.close();
  await database?.destroy();
  await smtp.close();
});

describe('mail through a real SMTP server', () => {
  it('delivers an activation mail whose link activates the account', async () => {
    const api = apiClient(testApp.app);
    const user = registration();
    const before = received.length;

    await api.post(ApiPaths.register, user);

    const mail = await nextMailTo(user.email, before);
    expect(mail.subject).toBe('Activate your FilmRoom account');
    expect(received.at(-1)?.from).toBe('hello@filmroom.test');
    expect(mail.html).toContain('Activate account');
    const link = linkIn(mail, '/activate');
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.searchParams.get('email')).toBe(user.email);
    expect(
      (await api.post(ApiPaths.activate, { token: link.searchParams.get('token') })).statusCode,
    ).toBe(200);
    expect(
      (await api.post(ApiPaths.login, { email: user.email, password: user.password })).statusCode,
    ).toBe(200);
  });

  it('delivers a password reset mail whose link sets a new password', async () => {
    const api = apiClient(testApp.app);
    const user = registration();
    await api.post(ApiPaths.register, user);
    const activation = linkIn(await nextMailTo(user.email, 0), '/activate');
    await api.post(ApiPaths.activate, { token: activation.searchParams.get('token') });
    const before = received.length;

    await api.post(ApiPaths.passwordResetRequest, { email: user.email });

    const mail = await nextMailTo(user.email, before);
    expect(mail.subject).toBe('Reset your FilmRoom password');
    const link = linkIn(mail, '/confirm-reset-password');
    const newPassword = 'Reset!Pass42';
    const confirmed = await api.patch(ApiPaths.passwordResetConfirm, {
      token: link.searchParams.get('token'),
      newPassword,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(
      (await api.post(ApiPaths.login, { email: user.email, password: newPassword })).statusCode,
    ).toBe(200);
  });

  it('keeps the registration when the mail server is down, so the user can ask for the mail again', async () => {
    const errors: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void errors.push(line) });
    const deadMailer = createSmtpMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'FilmRoom <hello@filmroom.test>',
    });
    const offline = await startTestApp(database.handle.db, { mailer: deadMailer, logger });
    const user = registration();

    const response = await apiClient(offline.app).post(ApiPaths.register, user);

    expect(response.statusCode).toBe(201);
    expect(errors.join('\n')).toContain('Sending the activation mail failed');
    const before = received.length;
    await apiClient(testApp.app).post(ApiPaths.activationResend, { email: user.email });
    expect((await nextMailTo(user.email, before)).subject).toBe('Activate your FilmRoom account');
    await offline.close();
  });
});

describe('password reset and activation resend do not tell known e-mails apart', () => {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };

  async function timed(path: string, email: string) {
    const started = performance.now();
    const response = await apiClient(testApp.app).post(path, { email });
    return { ms: performance.now() - started, status: response.statusCode, body: response.body };
  }

  it.each([
    ['password reset', ApiPaths.passwordResetRequest, true],
    ['activation resend', ApiPaths.activationResend, false],
  ])(
    '%s answers alike for an unknown e-mail, sends nothing while answering, and the mail still arrives',
    async (_name, path, activate) => {
      const api = apiClient(testApp.app);
      const user = registration();
      await api.post(ApiPaths.register, user);
      // The registration's own mail has arrived before counting what the requests send.
      const activation = linkIn(await nextMailTo(user.email, 0), '/activate');
      if (activate) {
        await api.post(ApiPaths.activate, { token: activation.searchParams.get('token') });
      }
      const unknown = `nobody.${Date.now()}@example.com`;
      const known: number[] = [];
      const stranger: number[] = [];
      const before = received.length;
      // The worker picks the queued mails up afterwards (in this process it would compete for the CPU).
      testApp.jobs.pause();

      // Interleaved, so load on the machine falls on both alike; the first calls warm up.
      for (let round = 0; round < 25; round += 1) {
        const [forKnown, forUnknown] = [await timed(path, user.email), await timed(path, unknown)];
        expect(forUnknown.status).toBe(forKnown.status);
        expect(forUnknown.body).toBe(forKnown.body);
        if (round >= 5) {
          known.push(forKnown.ms);
          stranger.push(forUnknown.ms);
        }
      }

      // Nothing was sent while answering: a mail sent inline is what made a known address slower.
      // (Timings are printed, not asserted: on a loaded machine a median of 20 calls swings either way.)
      expect(received.length).toBe(before);
      testApp.jobs.resume();
      expect((await nextMailTo(user.email, before)).subject).toMatch(/reset|activate/i);
      expect(received.slice(before).some((mail) => mail.to === unknown)).toBe(false);
      console.info(
        `${path}: median ${median(known).toFixed(2)} ms known, ${median(stranger).toFixed(2)} ms unknown`,
      );
    },
  );
});
