import { describe, expect, it } from 'vitest';
import { AxiosError, AxiosHeaders } from 'axios';
import { queryRetryDelay, shouldRetryQuery } from './query-client.js';
import { getSession, saveAuth } from './session.js';
import { makeToken } from '../test/tokens.js';

function httpError(status: number, message = ''): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(
    message,
    'ERR',
    config,
    {},
    {
      status,
      statusText: '',
      headers: {},
      config,
      data: { message },
    },
  );
}

describe('query retries', () => {
  it('retry a failing list up to 3 times', () => {
    const error = httpError(500);
    expect([1, 2, 3].map((count) => shouldRetryQuery(count - 1, error))).toEqual([
      true,
      true,
      true,
    ]);
    expect(shouldRetryQuery(3, error)).toBe(false);
  });

  it('wait 1 s, 2 s, 4 s … and never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(queryRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it.each([
    ['401', httpError(401)],
    ['403', httpError(403)],
    ['an invalid token message', httpError(400, 'invalid token')],
  ])('stop and sign out on %s', (_case, error) => {
    saveAuth({ token: makeToken(), refreshToken: 'r1' });
    expect(shouldRetryQuery(0, error)).toBe(false);
    expect(getSession().auth.token).toBeUndefined();
  });
});
