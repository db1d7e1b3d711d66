import { ApiPaths, ErrorNumber, Messages, type TokenPair } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/setup-api.js';
import { json, signedInUser } from '../helpers/test-app.js';

const ctx = useTestApp();
const unauthorized = { message: Messages.unauthorized, errorNumber: ErrorNumber.Unknown };
const NEW_PASSWORD = 'Fresh!Pass9';

describe('authenticated settings routes', () => {
  it.each([
    ['GET', ApiPaths.emailPreferences],
    ['POST', ApiPaths.emailPreferences],
    ['GET', ApiPaths.myProfile],
    ['PUT', ApiPaths.myProfile],
    ['PUT', ApiPaths.changePassword],
  ] as const)('%s %s answers 401 Unauthorized without a token', async (method, path) => {
    const response = await ctx.testApp.app.inject({ method, url: `/api${path}`, payload: {} });

    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual(unauthorized);
  });

  it('answers 401 for a malformed bearer token', async () => {
    const response = await ctx.api.get(ApiPaths.myProfile, 'not.a.jwt');

    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual(unauthorized);
  });
});

describe('e-mail preferences', () => {
  it('are on for a new account and can be switched off and on again', async () => {
    const { session } = await signedInUser(ctx.testApp);
    expect(json(await ctx.api.get(ApiPaths.emailPreferences, session.token))).toEqual({
      notificationsEnabled: true,
    });

    const saved = await ctx.api.post(
      ApiPaths.emailPreferences,
      { notificationsEnabled: false },
      session.token,
    );

    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toEqual({ notificationsEnabled: false });
    expect(json(await ctx.api.get(ApiPaths.emailPreferences, session.token))).toEqual({
      notificationsEnabled: false,
    });
    await ctx.api.post(ApiPaths.emailPreferences, { notificationsEnabled: true }, session.token);
    expect(json(await ctx.api.get(ApiPaths.emailPreferences, session.token))).toEqual({
      notificationsEnabled: true,
    });
  });

  it('reject a value that is not a boolean', async () => {
    const { session } = await signedInUser(ctx.testApp);

    const response = await ctx.api.post(
      ApiPaths.emailPreferences,
      { notificationsEnabled: 'no' },
      session.token,
    );

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      message: Messages.badRequest,
      errorNumber: ErrorNumber.Unknown,
    });
  });
});

describe('my profile', () => {
  it('shows what the user registered with, phone as digits', async () => {
    const user = await signedInUser(ctx.testApp, {
      firstName: ' Ada ',
      phoneNumber: '(555) 987-6543',
    });

    const response = await ctx.api.get(ApiPaths.myProfile, user.session.token);

    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      firstName: 'Ada',
      lastName: 'Miles',
      phoneNumber: '5559876543',
      roleName: 'Player',
    });
  });

  it('saves names, phone and role, but never the e-mail', async () => {
    const user = await signedInUser(ctx.testApp);
    const update = {
      firstName: 'Sam',
      lastName: 'Rivera',
      email: 'someone.else@example.com',
      phoneNumber: '555-000-1111',
      roleName: 'Coach',
      roleId: 2,
    };

    const response = await ctx.api.put(ApiPaths.myProfile, update, user.session.token);

    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      firstName: 'Sam',
      lastName: 'Rivera',
      phoneNumber: '5550001111',
      roleName: 'Coach',
    });
    expect(json(await ctx.api.get(ApiPaths.myProfile, user.session.token))).toMatchObject({
      firstName: 'Sam',
    });
    const relogin = await ctx.api.post(ApiPaths.login, {
      email: user.email,
      password: user.password,
    });
    expect(relogin.statusCode).toBe(200);
    const stolen = await ctx.api.post(ApiPaths.login, {
      email: update.email,
      password: user.password,
    });
    expect(json(stolen).errorNumber).toBe(ErrorNumber.InvalidEmailOrPassword);
  });

  it('puts a changed role into the next refreshed access token', async () => {
    const user = await signedInUser(ctx.testApp);
    await ctx.api.put(
      ApiPaths.myProfile,
      { firstName: 'A', lastName: 'B', roleName: 'Coach' },
      user.session.token,
    );

    const next = json<TokenPair>(
      await ctx.api.post(ApiPaths.refreshToken, { refreshToken: user.session.refreshToken }),
    );

    const payload = JSON.parse(
      Buffer.from(next.token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { role: string[] };
    expect(payload.role).toEqual(['Coach']);
  });

  it.each([
    [
      'blank names',
      { firstName: ' ', lastName: '', roleName: 'Player' },
      [Messages.firstNameRequired, Messages.lastNameRequired],
    ],
    [
      'a bad phone',
      { firstName: 'A', lastName: 'B', phoneNumber: '12', roleName: 'Player' },
      [Messages.invalidPhone],
    ],
    [
      'a role other than Player or Coach',
      { firstName: 'A', lastName: 'B', roleName: 'Admin' },
      [Messages.roleRequired],
    ],
    [
      'an invalid e-mail',
      { firstName: 'A', lastName: 'B', email: 'bad', roleName: 'Player' },
      [Messages.invalidEmail],
    ],
  ])('rejects %s with the contract messages', async (_case, body, errors) => {
    const { session } = await signedInUser(ctx.testApp);

    const response = await ctx.api.put(ApiPaths.myProfile, body, session.token);

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      message: errors[0],
      errorNumber: ErrorNumber.Unknown,
      errors,
    });
  });
});

describe('change password', () => {
  it('returns a fresh session, ends every other one, and the new password logs in', async () => {
    const user = await signedInUser(ctx.testApp);
    const otherDevice = json<TokenPair>(
      await ctx.api.post(ApiPaths.login, { email: user.email, password: user.password }),
    );

    const response = await ctx.api.put(
      ApiPaths.changePassword,
      { oldPassword: user.password, newPassword: NEW_PASSWORD },
      user.session.token,
    );

    expect(response.statusCode).toBe(200);
    const fresh = json<TokenPair>(response);
    expect((await ctx.api.get(ApiPaths.myProfile, fresh.token)).statusCode).toBe(200);
    expect(
      (await ctx.api.post(ApiPaths.refreshToken, { refreshToken: fresh.refreshToken })).statusCode,
    ).toBe(200);
    for (const ended of [otherDevice.refreshToken, user.session.refreshToken]) {
      const refreshed = await ctx.api.post(ApiPaths.refreshToken, { refreshToken: ended });
      expect(refreshed.statusCode).toBe(401);
      expect(json(refreshed).errorNumber).toBe(ErrorNumber.RefreshTokenIsInvalidOrExpired);
    }
    expect(
      (await ctx.api.post(ApiPaths.login, { email: user.email, password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a wrong old password with a clear message and keeps the password', async () => {
    const user = await signedInUser(ctx.testApp);

    const response = await ctx.api.put(
      ApiPaths.changePassword,
      { oldPassword: 'Wrong!Pass1', newPassword: NEW_PASSWORD },
      user.session.token,
    );

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      message: Messages.oldPasswordWrong,
      errorNumber: ErrorNumber.Unknown,
    });
    expect(
      (await ctx.api.post(ApiPaths.login, { email: user.email, password: user.password }))
        .statusCode,
    ).toBe(200);
  });

  it.each([
    ['nothing', {}, [Messages.oldPasswordRequired, Messages.newPasswordRequired]],
    [
      'a weak new password',
      { oldPassword: 'x', newPassword: 'short' },
      [Messages.passwordComplexity],
    ],
  ])('rejects %s with the contract messages', async (_case, body, errors) => {
    const { session } = await signedInUser(ctx.testApp);

    const response = await ctx.api.put(ApiPaths.changePassword, body, session.token);

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      message: errors[0],
      errorNumber: ErrorNumber.Unknown,
      errors,
    });
  });
});
