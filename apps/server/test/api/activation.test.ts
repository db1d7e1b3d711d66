import { ApiPaths, ErrorNumber, Messages } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { linkIn } from '../helpers/outbox.js';
import { useTestApp } from '../helpers/setup-api.js';
import { json, lastMailTo, registration, uniqueEmail } from '../helpers/test-app.js';

const ctx = useTestApp();
const HOUR_MS = 3_600_000;

async function registeredUser() {
  const body = registration();
  await ctx.api.post(ApiPaths.register, body);
  const token =
    linkIn(await lastMailTo(ctx.testApp, body.email), '/activate').searchParams.get('token') ?? '';
  return { ...body, token };
}

const login = (user: { email: string; password: string }) =>
  ctx.api.post(ApiPaths.login, { email: user.email, password: user.password });

const activationFailed = {
  message: Messages.activationTokenInvalid,
  errorNumber: ErrorNumber.ActivationTokenIsInvalidOrExpired,
};

describe('POST /security/account/activate', () => {
  it('activates the account from the e-mailed link so the user can log in', async () => {
    const user = await registeredUser();
    expect(json(await login(user)).errorNumber).toBe(ErrorNumber.AccountNotActivated);

    const response = await ctx.api.post(ApiPaths.activate, { token: user.token });

    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: Messages.accountActivated });
    expect((await login(user)).statusCode).toBe(200);
  });

  it('a link opened again after activating says the account is already active', async () => {
    const user = await registeredUser();
    await ctx.api.post(ApiPaths.activate, { token: user.token });

    const response = await ctx.api.post(ApiPaths.activate, { token: user.token });

    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: Messages.accountAlreadyActive });
    expect((await login(user)).statusCode).toBe(200);
  });

  it('refuses an expired link of an account that is still not active', async () => {
    const user = await registeredUser();
    ctx.testApp.clock.advance(48 * HOUR_MS + 1000);
    await ctx.api.post(ApiPaths.activate, { token: user.token });

    const response = await ctx.api.post(ApiPaths.activate, { token: user.token });

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual(activationFailed);
  });

  it('refuses an expired link (older than 48 hours)', async () => {
    const user = await registeredUser();
    ctx.testApp.clock.advance(48 * HOUR_MS + 1000);

    const response = await ctx.api.post(ApiPaths.activate, { token: user.token });

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual(activationFailed);
    expect(json(await login(user)).errorNumber).toBe(ErrorNumber.AccountNotActivated);
  });

  it.each([
    ['garbage', 'not-a-real-token'],
    ['empty', ''],
  ])('refuses a %s token', async (_case, token) => {
    const response = await ctx.api.post(ApiPaths.activate, { token });

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual(activationFailed);
  });
});

describe('POST /security/account/activation/resend', () => {
  it('sends a new activation link that works and retires the previous one', async () => {
    const user = await registeredUser();

    const response = await ctx.api.post(ApiPaths.activationResend, { email: user.email });

    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: Messages.emailSent });
    const fresh = linkIn(await lastMailTo(ctx.testApp, user.email), '/activate').searchParams.get(
      'token',
    );
    expect(fresh).not.toBe(user.token);
    expect(json(await ctx.api.post(ApiPaths.activate, { token: user.token }))).toEqual(
      activationFailed,
    );
    expect((await ctx.api.post(ApiPaths.activate, { token: fresh })).statusCode).toBe(200);
  });

  it('gives the same answer for an unknown e-mail and sends nothing (no account enumeration)', async () => {
    const before = (await ctx.testApp.mails()).length;
    const email = uniqueEmail('nobody');

    const response = await ctx.api.post(ApiPaths.activationResend, { email });

    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: Messages.emailSent });
    expect((await ctx.testApp.mails()).length).toBe(before);
  });

  it('sends nothing to an account that is already active, with the same answer', async () => {
    const user = await registeredUser();
    await ctx.api.post(ApiPaths.activate, { token: user.token });
    const before = (await ctx.testApp.mails()).length;

    const response = await ctx.api.post(ApiPaths.activationResend, { email: user.email });

    expect(json(response)).toEqual({ message: Messages.emailSent });
    expect((await ctx.testApp.mails()).length).toBe(before);
  });

  it.each([
    ['a missing e-mail', {}, Messages.emailRequired],
    ['an invalid e-mail', { email: 'nope' }, Messages.invalidEmail],
  ])('rejects %s', async (_case, body, message) => {
    const response = await ctx.api.post(ApiPaths.activationResend, body);

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      message,
      errorNumber: ErrorNumber.Unknown,
      errors: [message],
    });
  });
});
