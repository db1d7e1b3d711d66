import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiPaths, Messages } from '@filmroom/contract';
import { startTestApi, type TestApi } from '../test/api-server.js';
import { makeToken } from '../test/tokens.js';
import { http } from './http-client.js';
import { registerToastSink } from './notifier.js';
import { setRuntimeConfig } from './runtime-config.js';
import { getAuth, getSession, saveAuth } from './session.js';

let api: TestApi;
const toasts: string[] = [];
let clears = 0;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  setRuntimeConfig({ apiBaseUrl: api.baseUrl });
  toasts.length = 0;
  clears = 0;
  registerToastSink({
    show: (message) => toasts.push(message.detail),
    remove: () => undefined,
    clear: () => (clears += 1),
  });
});

const REFRESH = `POST ${ApiPaths.refreshToken}`;
const VIDEOS = `GET ${ApiPaths.libraryVideos}`;

describe('HTTP client', () => {
  it('prefixes contract paths with the runtime API base URL and sends the bearer token', async () => {
    const token = makeToken();
    saveAuth({ token, refreshToken: 'r1' });
    api.on(VIDEOS, { body: { videos: [] } });
    await http.get(ApiPaths.libraryVideos);
    expect(api.callsTo(VIDEOS)[0]?.headers.authorization).toBe(`Bearer ${token}`);
  });

  it('refreshes an expired token once for concurrent requests and retries them with the new one', async () => {
    saveAuth({ token: makeToken({ expiresInSeconds: -60 }), refreshToken: 'r-old' });
    const fresh = makeToken({ expiresInSeconds: 3600 });
    api.on(REFRESH, { body: { token: fresh, refreshToken: 'r-new' }, delayMs: 80 });
    api.on(VIDEOS, { body: { videos: [] } });

    await Promise.all([http.get(ApiPaths.libraryVideos), http.get(ApiPaths.libraryVideos)]);

    expect(api.callsTo(REFRESH)).toHaveLength(1);
    expect(api.callsTo(REFRESH)[0]?.body).toEqual({ refreshToken: 'r-old' });
    expect(api.callsTo(VIDEOS).map((call) => call.headers.authorization)).toEqual([
      `Bearer ${fresh}`,
      `Bearer ${fresh}`,
    ]);
    expect(getAuth()).toEqual({ token: fresh, refreshToken: 'r-new' });
  });

  it('signs out when the refresh is refused', async () => {
    saveAuth({ token: makeToken({ expiresInSeconds: -60 }), refreshToken: 'r-stolen' });
    api.on(REFRESH, {
      status: 401,
      body: { message: Messages.refreshTokenInvalid, errorNumber: 4 },
    });

    await expect(http.get(ApiPaths.libraryVideos)).rejects.toThrow();

    expect(api.callsTo(VIDEOS)).toHaveLength(0);
    expect(getSession().auth.token).toBeUndefined();
    expect(getSession().signOutReason).toBe('expired');
    expect(api.callsTo(REFRESH)).toHaveLength(1);
    expect(toasts).toEqual([Messages.refreshTokenInvalid]);
  });

  it('on 401 clears the toasts, shows the server message and signs out', async () => {
    saveAuth({ token: makeToken(), refreshToken: 'r1' });
    api.on(VIDEOS, { status: 401, body: { message: 'Session revoked', errorNumber: 0 } });

    await expect(http.get(ApiPaths.libraryVideos)).rejects.toThrow();

    expect(clears).toBe(1);
    expect(toasts).toEqual(['Session revoked']);
    expect(getSession().auth.token).toBeUndefined();
  });

  it("on 401 without a message shows 'Unauthorized'", async () => {
    saveAuth({ token: makeToken(), refreshToken: 'r1' });
    api.on(VIDEOS, { status: 401 });
    await expect(http.get(ApiPaths.libraryVideos)).rejects.toThrow();
    expect(toasts).toEqual([Messages.unauthorized]);
  });

  it('does not sign out when a public call such as login answers 401', async () => {
    api.on(`POST ${ApiPaths.login}`, {
      status: 401,
      body: { message: Messages.invalidEmailOrPassword, errorNumber: 1 },
    });
    saveAuth({ token: makeToken(), refreshToken: 'r1' });
    await expect(http.post(ApiPaths.login, { email: 'a@b.co', password: 'x' })).rejects.toThrow();
    expect(getSession().auth.token).toBeDefined();
    expect(toasts).toEqual([]);
  });
});
