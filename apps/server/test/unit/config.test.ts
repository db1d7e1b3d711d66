import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.js';
import { resolveJwtSecret } from '../../src/config/jwt-secret.js';

describe('configuration', () => {
  it('starts with embedded defaults when nothing is set', () => {
    const config = loadConfig({}, '/srv/filmroom');

    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/filmroom/data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: 'http://localhost:8080',
      jwtSecret: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      activationTokenTtlHours: 48,
      resetTokenTtlMinutes: 60,
      rateLimitAuthMax: 10,
      maxConcurrentUploadsPerUser: 5,
      maxVideoPicture: { width: 7680, height: 4320 },
      role: 'all',
      logLevel: 'info',
      trustProxy: false,
    });
    expect(config.webDistDir).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('derives the public URL from PORT and trims a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(loadConfig({ PUBLIC_URL: 'https://film.example.com/' }).publicUrl).toBe(
      'https://film.example.com',
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ', JWT_SECRET: '' })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
      jwtSecret: undefined,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ ROLE: 'scheduler' }, 'ROLE'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ ACCESS_TOKEN_TTL_SECONDS: '0' }, 'ACCESS_TOKEN_TTL_SECONDS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ MAX_CONCURRENT_UPLOADS_PER_USER: '0' }, 'MAX_CONCURRENT_UPLOADS_PER_USER'],
    [{ MAX_VIDEO_WIDTH: 'wide' }, 'MAX_VIDEO_WIDTH'],
  ])('fails fast on %o with a one-line message naming %s', (env, variable) => {
    const attempt = () => loadConfig(env);

    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(new RegExp(`^Invalid configuration: ${variable}[= ]`));
    try {
      attempt();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

describe('JWT secret', () => {
  it('is generated once, kept in the data folder, and reused after a restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-secret-'));
    try {
      const first = await resolveJwtSecret(undefined, dataDir);
      const second = await resolveJwtSecret(undefined, dataDir);

      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(second).toBe(first);
      expect((await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim()).toBe(first);
      expect((await stat(path.join(dataDir, 'jwt-secret'))).mode & 0o077).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('uses JWT_SECRET when it is set', async () => {
    expect(await resolveJwtSecret('x'.repeat(40), '/nonexistent')).toBe('x'.repeat(40));
  });
});

describe('configuration errors', () => {
  it('never repeat a secret value', () => {
    expect(() => loadConfig({ JWT_SECRET: 'hunter2' })).toThrow(
      'Invalid configuration: JWT_SECRET must be at least 32 characters long',
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/x' })).not.toThrow(/hunter2/);
  });

  it('say what a port must be', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      'Invalid configuration: PORT="eighty" must be a port number (0-65535)',
    );
  });
});
