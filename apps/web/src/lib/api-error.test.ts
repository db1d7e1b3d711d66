import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import axios from 'axios';
import { Messages } from '@filmroom/contract';
import { startTestApi, type TestApi } from '../test/api-server.js';
import { errorMessageOf, isAuthFailure } from './api-error.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

async function failureOf(status: number, body?: unknown): Promise<unknown> {
  api.on(`GET /probe-${status}`, { status, body });
  try {
    await axios.get(`${api.baseUrl}/probe-${status}`);
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('error messages', () => {
  it.each<[string, number, unknown, string]>([
    ['400 with a message', 400, { message: 'Title too long' }, 'Title too long'],
    ['400 without a body', 400, undefined, Messages.badRequest],
    ['401 without a body', 401, undefined, Messages.unauthorized],
    ['415', 415, { message: 'whatever' }, Messages.unsupportedMediaType],
    ['500 even with a message', 500, { message: 'stack trace' }, Messages.unexpected],
    ['409 with a message', 409, { message: 'Already shared' }, 'Already shared'],
    ['404 without a body', 404, undefined, Messages.unexpected],
  ])('%s reads as the catalogue says', async (_case, status, body, expected) => {
    expect(errorMessageOf(await failureOf(status, body))).toBe(expected);
  });

  it("reads a request that got no answer as 'No response from server'", async () => {
    const closed = await startTestApi();
    const url = closed.baseUrl;
    await closed.close();
    const error = await axios.get(`${url}/nothing`).catch((failure: unknown) => failure);
    expect(errorMessageOf(error)).toBe(Messages.noResponse);
  });

  it('reads anything else as the generic message', () => {
    expect(errorMessageOf(new Error('boom'))).toBe(Messages.unexpected);
  });

  it('treats 401, 403 and the token-failure text as a dead session', async () => {
    expect(isAuthFailure(await failureOf(403, { message: 'Forbidden' }))).toBe(true);
    expect(isAuthFailure(await failureOf(401))).toBe(true);
    expect(isAuthFailure(await failureOf(400, { message: 'Invalid token supplied' }))).toBe(true);
    expect(isAuthFailure(await failureOf(400, { message: 'Bad title' }))).toBe(false);
  });
});
