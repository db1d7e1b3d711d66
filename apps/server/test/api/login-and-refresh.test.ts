import { ApiPaths, ErrorNumber, Messages, type TokenPair } from '@filmroom/contract';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/setup-api.js';
import {
  STRONG_PASSWORD,
  json,
  registration,
  signedInUser,
  uniqueEmail,
} from '../helpers/test-app.js';

const ctx = useTestApp({ ACCESS_TOKEN_TTL_SECONDS: '60', REFRESH_TOKEN_TTL_DAYS: '30' });
const DAY_MS = 86_400_000;

const invalidCredentials = {
  message: Messages.invalidEmailOrPassword,
  errorNumber: ErrorNumber.InvalidEmailOrPassword,
};
const sessionExpired = {
  message: Messages.refreshTokenInvalid,
  errorNumber: ErrorNumber.RefreshTokenIsInvalidOrExpired,
};

const refresh = (refreshToken: string) => ctx.api.post(ApiPaths.refreshToken, { refreshToken });
const profile = (token: string) => ctx.api.get(ApiPaths.myProfile, token);

describe('POST /security/login', () => {
  it('returns an access token carrying email, role list, subject and expiry, and a refresh token', async () => {
    const user = await signedInUser(ctx.testApp, {
      roleName: 'Coach',
      email: uniqueEmail('Coach'),
    });

    const response = await ctx.api.post(ApiPaths.login, {
      email: user.email.toUpperCase(),
      password: user.password,
    });

    expect(response.statusCode).toBe(200);
    const pair = json<TokenPair>(response);
    const payload = decodeJwt(pair.token);
    expect(payload).toMatchObject({ email: user.email.toLowerCase(), role: ['Coach'] });
    expect(payload.sub).toMatch(/^[0-9a-f-]{36}$/);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(60);
    expect(pair.refreshToken.length).toBeGreaterThanOrEqual(43);
  });

  it('answers a wrong password with 400 and error number 1 (not 401)', async () => {
    const user = await signedInUser(ctx.testApp);

    const response = await ctx.api.post(ApiPaths.login, {
      email: user.email,
      password: `${STRONG_PASSWORD}x`,
    });

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual(invalidCredentials);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const response = await ctx.api.post(ApiPaths.login, {
      email: uniqueEmail('ghost'),
      password: STRONG_PASSWORD,
    });

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual(invalidCredentials);
  });

  it('tells an unactivated account apart with error number 2', async () => {
    const body = registration();
    await ctx.api.post(ApiPaths.register, body);

    const response = await ctx.api.post(ApiPaths.login, {
      email: body.email,
      password: body.password,
    });

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      message: Messages.accountNotActivated,
      errorNumber: ErrorNumber.AccountNotActivated,
    });
  });

  it.each([
    ['nothing', {}, [Messages.emailRequired, Messages.passwordRequired]],
    ['an invalid e-mail', { email: 'x@y', password: 'a' }, [Messages.invalidEmail]],
    ['no password', { email: 'a@b.com' }, [Messages.passwordRequired]],
  ])('rejects %s with the contract messages', async (_case, body, errors) => {
    const response = await ctx.api.post(ApiPaths.login, body);

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      message: errors[0],
      errorNumber: ErrorNumber.Unknown,
      errors,
    });
  });
});

describe('POST /security/refresh-token', () => {
  it('rotates: a new token pair is issued and the new access token works', async () => {
    const { session } = await signedInUser(ctx.testApp);

    const response = await refresh(session.refreshToken);

    expect(response.statusCode).toBe(200);
    const next = json<TokenPair>(response);
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect((await profile(next.token)).statusCode).toBe(200);
    expect((await refresh(next.refreshToken)).statusCode).toBe(200);
  });

  it('treats a replayed refresh token as stolen and ends that whole session family', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const rotated = json<TokenPair>(await refresh(session.refreshToken));

    const replay = await refresh(session.refreshToken);

    expect(replay.statusCode).toBe(401);
    expect(json(replay)).toEqual(sessionExpired);
    const legitimate = await refresh(rotated.refreshToken);
    expect(legitimate.statusCode).toBe(401);
    expect(json(legitimate)).toEqual(sessionExpired);
  });

  it('leaves the user’s other sessions alone when one family is revoked', async () => {
    const user = await signedInUser(ctx.testApp);
    const other = json<TokenPair>(
      await ctx.api.post(ApiPaths.login, { email: user.email, password: user.password }),
    );
    await refresh(user.session.refreshToken);
    await refresh(user.session.refreshToken);

    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('refuses an expired refresh token', async () => {
    const { session } = await signedInUser(ctx.testApp);
    ctx.testApp.clock.advance(30 * DAY_MS + 1000);

    const response = await refresh(session.refreshToken);

    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual(sessionExpired);
  });

  it.each([
    ['garbage', 'nope'],
    ['empty', ''],
  ])('refuses a %s refresh token with error number 4', async (_case, token) => {
    const response = await refresh(token);

    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual(sessionExpired);
  });
});

describe('POST /security/logout', () => {
  const logOut = (refreshToken: unknown) => ctx.api.post(ApiPaths.logout, { refreshToken });

  it('ends the session: its refresh token no longer refreshes, nor one captured earlier in it', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const current = json<TokenPair>(await refresh(session.refreshToken));

    const response = await logOut(current.refreshToken);

    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: Messages.loggedOut });
    for (const token of [current.refreshToken, session.refreshToken]) {
      const after = await refresh(token);
      expect(after.statusCode).toBe(401);
      expect(json(after)).toEqual(sessionExpired);
    }
  });

  it('leaves the user’s other sessions signed in', async () => {
    const user = await signedInUser(ctx.testApp);
    const other = json<TokenPair>(
      await ctx.api.post(ApiPaths.login, { email: user.email, password: user.password }),
    );

    await logOut(user.session.refreshToken);

    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('answers an unknown, empty or already ended session the same way, so it can be sent twice', async () => {
    const { session } = await signedInUser(ctx.testApp);
    await logOut(session.refreshToken);

    for (const token of [session.refreshToken, 'nope', '']) {
      const response = await logOut(token);
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ message: Messages.loggedOut });
    }
    expect((await logOut(42)).statusCode).toBe(400);
  });
});

describe('access tokens', () => {
  it('stop working after they expire, and a refresh brings the session back', async () => {
    const { session } = await signedInUser(ctx.testApp);
    ctx.testApp.clock.advance(61_000);

    const expired = await profile(session.token);

    expect(expired.statusCode).toBe(401);
    expect(json(expired)).toEqual({
      message: Messages.unauthorized,
      errorNumber: ErrorNumber.Unknown,
    });
    const renewed = json<TokenPair>(await refresh(session.refreshToken));
    expect((await profile(renewed.token)).statusCode).toBe(200);
  });

  it('signed with another secret are refused', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const [header, payload] = session.token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;

    expect((await profile(forged)).statusCode).toBe(401);
  });
});
