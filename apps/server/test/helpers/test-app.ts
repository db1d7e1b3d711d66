import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiPaths, type TokenPair } from '@filmroom/contract';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { pino, type Logger } from 'pino';
import { loadConfig } from '../../src/config/env.js';
import { API_PREFIX, buildApp, type AppConfig } from '../../src/http/app.js';
import { createArgon2PasswordHasher } from '../../src/infra/crypto/argon2-password-hasher.js';
import type { Database } from '../../src/infra/db/database.js';
import type { Mailer } from '../../src/infra/mail/mailer.js';
import { createOutboxMailer } from '../../src/infra/mail/outbox-mailer.js';
import { LocalDiskStorage } from '../../src/infra/storage/local-disk-storage.js';
import type { ObjectStorage } from '../../src/infra/storage/object-storage.js';
import { createStorage } from '../../src/infra/storage/create-storage.js';
import { openConfiguredResumableUploadStore } from '../../src/infra/storage/resumable-upload-store.js';
import { PgUploadLocker } from '../../src/infra/storage/pg-upload-locker.js';
import { runEngine } from '../../src/infra/engine/engine-process.js';
import { probeVideo } from '@filmroom/vision/media';
import { createJobHandlers } from '../../src/jobs/job-handlers.js';
import { createServices } from '../../src/services/create-services.js';
import type { EngineRunner } from '../../src/services/processing/processing-run.service.js';
import { RunningImports } from '../../src/services/videos/running-imports.js';
import { InProcessJobs } from './in-process-jobs.js';
import { linkIn, readOutbox, type SentMail } from './outbox.js';

export const PUBLIC_URL = 'http://filmroom.test';
export const STRONG_PASSWORD = 'Str0ng!Pass';

/** A clock the test moves forward to step past expiries. */
export function testClock() {
  let now = Date.now();
  const clock = () => new Date(now);
  return Object.assign(clock, {
    advance(ms: number) {
      now += ms;
    },
  });
}

export function testConfig(env: Record<string, string> = {}): AppConfig {
  return {
    ...loadConfig(
      {
        PUBLIC_URL,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_AUTH_MAX: '10000',
        WEB_DIST_DIR: '/nonexistent-web-dist',
        ...env,
      },
      tmpdir(),
    ),
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** DATA_DIR of this app (temporary uploads under tmp/, local storage under storage/). */
  dataDir: string;
  storage: ObjectStorage;
  jobs: InProcessJobs;
  clock: ReturnType<typeof testClock>;
  outboxDir: string;
  mails(): Promise<SentMail[]>;
  close(): Promise<void>;
}

/** The real app on a test database, with the outbox mailer in a temp folder. */
export async function startTestApp(
  db: Database,
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    logger?: FastifyBaseLogger;
    /** Runs the engines instead of their child processes (e.g. to see what they are asked). */
    engines?: EngineRunner;
  } = {},
): Promise<TestApp> {
  const outboxDir = await mkdtemp(path.join(tmpdir(), 'filmroom-outbox-'));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-data-'));
  const logger = options.logger ?? pino({ level: 'silent' });
  const clock = testClock();
  const config = testConfig({ DATA_DIR: dataDir, ...options.env });
  const storage =
    config.storage.kind === 'local'
      ? new LocalDiskStorage(config.storage.root)
      : createStorage(config.storage);
  const jobs = new InProcessJobs();
  const mailer =
    options.mailer ??
    createOutboxMailer({ dir: outboxDir, from: 'FilmRoom <no-reply@filmroom.test>', logger });
  const infra = {
    db,
    storage,
    mailer,
    jobs,
    clock,
    logger: logger as Logger,
    // Still argon2id, at a cost that keeps the suite fast.
    passwords: createArgon2PasswordHasher({ memoryCost: 1024, timeCost: 1 }),
    imports: new RunningImports(),
    engines: options.engines ?? runEngine,
    probe: probeVideo,
    tmpDir: path.join(dataDir, 'tmp'),
    apiPrefix: API_PREFIX,
  };
  const services = createServices(config, infra);
  jobs.use(createJobHandlers(services));
  const uploads = await openConfiguredResumableUploadStore(config);
  // As main.ts: with DATABASE_URL (PostgreSQL) uploads are locked across app instances.
  const uploadLocker = config.databaseUrl
    ? new PgUploadLocker({ connectionString: config.databaseUrl })
    : undefined;
  const app = await buildApp(config, {
    services,
    db,
    storage,
    logger,
    tmpDir: infra.tmpDir,
    uploads,
    uploadLocker,
  });
  await app.ready();
  return {
    app,
    config,
    dataDir,
    storage,
    jobs,
    clock,
    outboxDir,
    // Reset and resend mails are queued: the outbox is read once they are written.
    mails: async () => {
      await jobs.idle(['account-mail']);
      return readOutbox(outboxDir);
    },
    async close() {
      await jobs.idle();
      await app.close();
      await uploadLocker?.close();
      await rm(outboxDir, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** JSON calls to /api paths, optionally with a bearer token. */
export function apiClient(app: FastifyInstance) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    token?: string,
  ) =>
    app.inject({
      method,
      url: `/api${url}`,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  return {
    get: (url: string, token?: string) => call('GET', url, undefined, token),
    post: (url: string, body?: unknown, token?: string) => call('POST', url, body, token),
    put: (url: string, body?: unknown, token?: string) => call('PUT', url, body, token),
    patch: (url: string, body?: unknown, token?: string) => call('PATCH', url, body, token),
    delete: (url: string, token?: string) => call('DELETE', url, undefined, token),
  };
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Jordan',
    lastName: 'Miles',
    email: uniqueEmail(),
    phoneNumber: '555-123-4567',
    roleName: 'Player',
    password: STRONG_PASSWORD,
    ...overrides,
  };
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json<T>();
}

/** The latest mail to `email` in the outbox. */
export async function lastMailTo(testApp: TestApp, email: string): Promise<SentMail> {
  const mail = (await testApp.mails()).filter((m) => m.to === email.toLowerCase()).at(-1);
  if (!mail) throw new Error(`No mail to ${email}`);
  return mail;
}

/** Registers, follows the activation link and logs in. */
export async function signedInUser(testApp: TestApp, overrides: Record<string, unknown> = {}) {
  const api = apiClient(testApp.app);
  const body = registration(overrides);
  const registered = await api.post(ApiPaths.register, body);
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
  const link = linkIn(await lastMailTo(testApp, body.email), '/activate');
  const activated = await api.post(ApiPaths.activate, { token: link.searchParams.get('token') });
  if (activated.statusCode !== 200) throw new Error(`activate: ${activated.body}`);
  const login = await api.post(ApiPaths.login, { email: body.email, password: body.password });
  if (login.statusCode !== 200) throw new Error(`login: ${login.body}`);
  return { ...body, session: login.json<TokenPair>() };
}
