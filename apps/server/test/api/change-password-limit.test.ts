import { ApiPaths, ErrorNumber, Messages } from '@filmroom/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/setup-api.js';
import {
  STRONG_PASSWORD,
  json,
  signedInUser,
  startTestApp,
  type TestApp,
} from '../helpers/test-app.js';

const ctx = useTestApp();
/**
 * An instance on the same database that allows three failed old-password checks a minute per user
 * and per address, as it allows three logins (users sign in through the other one).
 */
let strict: TestApp;

beforeAll(async () => {
  strict = await startTestApp(ctx.database.handle.db, { env: { RATE_LIMIT_AUTH_MAX: '3' } });
});

afterAll(async () => {
  await strict?.close();
});

function changePassword(
  app: FastifyInstance,
  token: string,
  oldPassword: string,
  remoteAddress = '10.1.0.1',
) {
  return app.inject({
    method: 'PUT',
    url: `/api${ApiPaths.changePassword}`,
    payload: { oldPassword, newPassword: 'N3w!Password' },
    headers: { authorization: `Bearer ${token}` },
    remoteAddress,
  });
}

describe('change-password guessing', () => {
  it('is answered 429 as login is, after too many wrong old passwords for the user', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const { app } = strict;
    for (let guess = 0; guess < 3; guess += 1) {
      const wrong = await changePassword(app, session.token, `Guess${guess}!x`, `10.2.0.${guess}`);
      expect(wrong.statusCode).toBe(400);
      expect(json(wrong).message).toBe(Messages.oldPasswordWrong);
    }

    // From a fresh address too: the user's own counter is used up.
    const limited = await changePassword(app, session.token, 'Guess9!x', '10.2.0.99');
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toEqual({
      message: Messages.tooManyRequests,
      errorNumber: ErrorNumber.Unknown,
    });
    // Even the right password waits for the window to end: guessing gains nothing.
    expect(
      (await changePassword(app, session.token, STRONG_PASSWORD, '10.2.0.98')).statusCode,
    ).toBe(429);
  });

  it('is answered 429 for an address that guessed against several accounts', async () => {
    const { app } = strict;
    const users = await Promise.all([1, 2, 3, 4].map(() => signedInUser(ctx.testApp)));
    for (const user of users.slice(0, 3)) {
      expect(
        (await changePassword(app, user.session.token, 'Wrong!123', '10.3.0.1')).statusCode,
      ).toBe(400);
    }
    const fourth = users[3]?.session.token ?? '';
    expect((await changePassword(app, fourth, 'Wrong!123', '10.3.0.1')).statusCode).toBe(429);
    // The same account from another address still gets its answer.
    const elsewhere = await changePassword(app, fourth, STRONG_PASSWORD, '10.3.0.2');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('checks no more wrong passwords than the limit when guesses arrive all at once', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const { app } = strict;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        changePassword(app, session.token, `Guess${i}!x`, `10.5.${Math.floor(i / 250)}.${i % 250}`),
      ),
    );
    // each 400 is a hash computed: the user's allowance, however many are sent together
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(197);
  });

  it('does not count a right old password', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const { app } = strict;
    let password = STRONG_PASSWORD;
    let token = session.token;
    for (let change = 0; change < 5; change += 1) {
      const next = `N3w!Password`;
      const response = await app.inject({
        method: 'PUT',
        url: `/api${ApiPaths.changePassword}`,
        payload: { oldPassword: password, newPassword: change % 2 === 0 ? next : STRONG_PASSWORD },
        headers: { authorization: `Bearer ${token}` },
        remoteAddress: '10.4.0.1',
      });
      expect(response.statusCode).toBe(200);
      token = json<{ token: string }>(response).token;
      password = change % 2 === 0 ? next : STRONG_PASSWORD;
    }
  });
});
