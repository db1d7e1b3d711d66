import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiPaths, ErrorNumber, Messages, RUNTIME_CONFIG_PATH } from '@filmroom/contract';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logSerializers } from '../../src/http/log-serializers.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { apiClient, json, registration, startTestApp, type TestApp } from '../helpers/test-app.js';

let database: TestDatabase;
let webDist: string;
let withSpa: TestApp;
let strictLimits: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  webDist = await mkdtemp(path.join(tmpdir(), 'filmroom-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>FilmRoom</title><div id="root"></div>',
  );
  await writeFile(path.join(webDist, 'assets', 'app-1234.js'), 'console.log("app")');
  withSpa = await startTestApp(database.handle.db, { env: { WEB_DIST_DIR: webDist } });
  strictLimits = await startTestApp(database.handle.db, { env: { RATE_LIMIT_AUTH_MAX: '3' } });
});

afterAll(async () => {
  await withSpa?.close();
  await strictLimits?.close();
  await database?.destroy();
  await rm(webDist, { recursive: true, force: true });
});

describe('the web app', () => {
  it('gets its runtime config from /config.json', async () => {
    const response = await withSpa.app.inject({ method: 'GET', url: RUNTIME_CONFIG_PATH });

    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ apiBaseUrl: '/api' });
  });

  it.each(['/', '/login', '/settings', '/activate?email=a%40b.com&token=x'])(
    'loads index.html at %s',
    async (url) => {
      const response = await withSpa.app.inject({ method: 'GET', url });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('serves built assets with long-lived caching', async () => {
    const response = await withSpa.app.inject({ method: 'GET', url: '/assets/app-1234.js' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with 404, not the page', async () => {
    const response = await withSpa.app.inject({ method: 'GET', url: '/assets/missing.js' });

    expect(response.statusCode).toBe(404);
  });

  it('sends a content security policy that lets the SPA run its own scripts and inline styles', async () => {
    const response = await withSpa.app.inject({ method: 'GET', url: '/' });

    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("media-src 'self' data: blob:");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('still serves the API when the SPA is not built', async () => {
    const response = await strictLimits.app.inject({ method: 'GET', url: '/login' });

    expect(response.statusCode).toBe(404);
    expect((await strictLimits.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(
      200,
    );
  });
});

describe('request logs', () => {
  it('never contain the token of an e-mailed link', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info', serializers: logSerializers },
      { write: (line: string) => void lines.push(line) },
    );
    const logged = await startTestApp(database.handle.db, {
      env: { WEB_DIST_DIR: webDist },
      logger,
    });

    await logged.app.inject({
      method: 'GET',
      url: '/confirm-reset-password?token=s3cr3t-link-token',
    });
    await logged.app.inject({
      method: 'GET',
      url: '/activate?email=a%40b.com&token=s3cr3t-link-token',
    });
    await logged.close();

    const output = lines.join('');
    expect(output).toContain('/confirm-reset-password?token=[redacted]');
    expect(output).toContain('/activate?email=a%40b.com&token=[redacted]');
    expect(output).not.toContain('s3cr3t-link-token');
  });
});

describe('unknown API routes', () => {
  it.each(['GET', 'POST'] as const)(
    'answer %s with 404 in the error shape, never the page',
    async (method) => {
      const response = await withSpa.app.inject({ method, url: '/api/security/nothing-here' });

      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({
        message: Messages.notFound,
        errorNumber: ErrorNumber.Unknown,
      });
    },
  );
});

describe('request bodies', () => {
  it('answer a body that is not JSON with 415 Unsupported media type', async () => {
    const response = await withSpa.app.inject({
      method: 'POST',
      url: `/api${ApiPaths.login}`,
      headers: { 'content-type': 'application/xml' },
      payload: '<login><email>a@b.com</email></login>',
    });

    expect(response.statusCode).toBe(415);
    expect(json(response)).toEqual({
      message: Messages.unsupportedMediaType,
      errorNumber: ErrorNumber.Unknown,
    });
  });
});

describe('rate limits', () => {
  it.each([
    [ApiPaths.login, { email: 'a@b.com', password: 'x' }],
    [ApiPaths.register, {}],
    [ApiPaths.passwordResetRequest, { email: 'a@b.com' }],
    [ApiPaths.activationResend, { email: 'a@b.com' }],
  ])('answer 429 with the contract message after too many calls to %s', async (url, body) => {
    const api = apiClient(strictLimits.app);
    for (let call = 0; call < 3; call += 1) {
      expect((await api.post(url, body)).statusCode).not.toBe(429);
    }

    const response = await api.post(url, body);

    expect(response.statusCode).toBe(429);
    expect(json(response)).toEqual({
      message: Messages.tooManyRequests,
      errorNumber: ErrorNumber.Unknown,
    });
  });

  it('count each client address separately', async () => {
    const from = (remoteAddress: string) =>
      strictLimits.app.inject({
        method: 'POST',
        url: `/api${ApiPaths.login}`,
        payload: {},
        remoteAddress,
      });
    for (let call = 0; call < 3; call += 1) await from('10.0.0.1');

    expect((await from('10.0.0.1')).statusCode).toBe(429);
    expect((await from('10.0.0.2')).statusCode).toBe(400);
  });
});

describe('unexpected failures', () => {
  it('answer 500 with the generic message when the database is gone', async () => {
    const broken = await createTestDatabase();
    const app = await startTestApp(broken.handle.db);
    await broken.destroy();

    const response = await apiClient(app.app).post(ApiPaths.register, registration());

    expect(response.statusCode).toBe(500);
    expect(json(response)).toEqual({
      message: Messages.unexpected,
      errorNumber: ErrorNumber.Unknown,
    });
    await app.close();
  });
});
