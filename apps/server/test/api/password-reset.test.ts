import { ApiPaths, ErrorNumber, Messages, type TokenPair } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { linkIn } from '../helpers/outbox.js';
import { useTestApp } from '../helpers/setup-api.js';
import { PUBLIC_URL, json, lastMailTo, signedInUser, uniqueEmail } from '../helpers/test-app.js';

const ctx = useTestApp();
const NEW_PASSWORD = 'N3w!Password';
const linkExpired = {
  message: Messages.resetTokenInvalid,
  errorNumber: ErrorNumber.PasswordResetTokenIsInvalidOrExpired,
};

async function resetTokenFor(email: string): Promise<string> {
  await ctx.api.post(ApiPaths.passwordResetRequest, { email });
  const link = linkIn(await lastMailTo(ctx.testApp, email), '/confirm-reset-password');
  expect(link.origin).toBe(PUBLIC_URL);
  return link.searchParams.get('token') ?? '';
}

const confirm = (token: string, newPassword = NEW_PASSWORD) =>
  ctx.api.patch(ApiPaths.passwordResetConfirm, { token, newPassword });

describe('POST /security/password-reset/request', () => {
  it('e-mails a reset link to an existing account', async () => {
    const user = await signedInUser(ctx.testApp);

    const response = await ctx.api.post(ApiPaths.passwordResetRequest, { email: user.email });

    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: Messages.emailSent });
    const mail = await lastMailTo(ctx.testApp, user.email);
    expect(mail.subject).toBe('Reset your FilmRoom password');
    expect(linkIn(mail, '/confirm-reset-password').searchParams.get('token')).toMatch(
      /^[\w-]{43}$/,
    );
  });

  it('gives the same answer for an unknown e-mail and sends nothing (no account enumeration)', async () => {
    const before = (await ctx.testApp.mails()).length;

    const response = await ctx.api.post(ApiPaths.passwordResetRequest, {
      email: uniqueEmail('nobody'),
    });

    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: Messages.emailSent });
    expect((await ctx.testApp.mails()).length).toBe(before);
  });

  it.each([
    ['a missing e-mail', {}, Messages.emailRequired],
    ['an invalid e-mail', { email: 'bad@' }, Messages.emailInvalid],
  ])('rejects %s with the reset form’s message', async (_case, body, message) => {
    const response = await ctx.api.post(ApiPaths.passwordResetRequest, body);

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      message,
      errorNumber: ErrorNumber.Unknown,
      errors: [message],
    });
  });
});

describe('PATCH /security/password-reset/confirm', () => {
  it('sets the new password, and only the new one logs in', async () => {
    const user = await signedInUser(ctx.testApp);
    const token = await resetTokenFor(user.email);

    const response = await confirm(token);

    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: Messages.passwordSaved });
    expect(
      (await ctx.api.post(ApiPaths.login, { email: user.email, password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const old = await ctx.api.post(ApiPaths.login, { email: user.email, password: user.password });
    expect(json(old).errorNumber).toBe(ErrorNumber.InvalidEmailOrPassword);
  });

  it('signs out every existing session of the account', async () => {
    const user = await signedInUser(ctx.testApp);
    const token = await resetTokenFor(user.email);

    await confirm(token);

    const refreshed = await ctx.api.post(ApiPaths.refreshToken, {
      refreshToken: user.session.refreshToken,
    });
    expect(refreshed.statusCode).toBe(401);
    expect(json(refreshed).errorNumber).toBe(ErrorNumber.RefreshTokenIsInvalidOrExpired);
  });

  it('refuses a link that was already used', async () => {
    const user = await signedInUser(ctx.testApp);
    const token = await resetTokenFor(user.email);
    await confirm(token);

    const response = await confirm(token, 'An0ther!Pass');

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual(linkExpired);
  });

  it('refuses a link older than 60 minutes', async () => {
    const user = await signedInUser(ctx.testApp);
    const token = await resetTokenFor(user.email);
    ctx.testApp.clock.advance(60 * 60_000 + 1000);

    const response = await confirm(token);

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual(linkExpired);
    const login = await ctx.api.post(ApiPaths.login, {
      email: user.email,
      password: user.password,
    });
    expect(json<TokenPair>(login).token).toBeTruthy();
  });

  it('refuses a garbage token', async () => {
    const response = await confirm('garbage');

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual(linkExpired);
  });

  it.each([
    ['a weak password', 'weakpass', Messages.passwordComplexity],
    ['no password', '', Messages.passwordRequired],
  ])('rejects %s and keeps the link usable', async (_case, newPassword, message) => {
    const user = await signedInUser(ctx.testApp);
    const token = await resetTokenFor(user.email);

    const response = await confirm(token, newPassword);

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      message,
      errorNumber: ErrorNumber.Unknown,
      errors: [message],
    });
    expect((await confirm(token)).statusCode).toBe(200);
  });
});
