import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';
import { ICLOUD_RESOLVE_URL } from './icloud.js';

export const ROLES = ['api', 'worker', 'all'] as const;
export type ServerRole = (typeof ROLES)[number];

export const STORAGE_KINDS = ['local', 's3'] as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The built SPA, resolved from this module so it works from src/ (dev) and dist/ (built) alike. */
const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const positiveInt = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a positive whole number' })
    .int({ error: 'must be a positive whole number' })
    .positive({ error: 'must be a positive whole number' })
    .default(fallback);

/** Values that may hold passwords are never repeated in error messages. */
const SECRET_VARIABLES = new Set(['JWT_SECRET', 'DATABASE_URL', 'SMTP_URL', 'SCOUTSMART_API_KEY']);

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number (0-65535)' })
    .int({ error: 'must be a port number (0-65535)' })
    .min(0, { error: 'must be a port number (0-65535)' })
    .max(65535, { error: 'must be a port number (0-65535)' })
    .default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.string().trim().min(1).default('FilmRoom <no-reply@filmroom.local>'),
  PUBLIC_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
  ),
  JWT_SECRET: optionalText.pipe(
    z.string().min(32, { error: 'must be at least 32 characters long' }).optional(),
  ),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt(900),
  REFRESH_TOKEN_TTL_DAYS: positiveInt(30),
  ACTIVATION_TOKEN_TTL_HOURS: positiveInt(48),
  RESET_TOKEN_TTL_MINUTES: positiveInt(60),
  RATE_LIMIT_AUTH_MAX: positiveInt(10),
  WEB_DIST_DIR: z.string().trim().min(1).default(DEFAULT_WEB_DIST_DIR),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  ROLE: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }).default('all'),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  WORKER_CONCURRENCY: positiveInt(1),
  JOB_STALE_SECONDS: positiveInt(20),
  PROCESSING_TIME_LIMIT_FLOOR_SECONDS: positiveInt(900),
  PROCESSING_TIME_LIMIT_PER_FILM_SECOND: positiveInt(8),
  LOGIN_ACCOUNT_MAX_FAILURES: positiveInt(10),
  LOGIN_ACCOUNT_WINDOW_MINUTES: positiveInt(15),
  STORAGE: z.enum(STORAGE_KINDS, { error: 'must be local or s3' }).default('local'),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
  ),
  S3_REGION: optionalText,
  S3_PREFIX: optionalText,
  MAX_UPLOAD_BYTES: positiveInt(10 * 1024 ** 3),
  UPLOAD_IDLE_TIMEOUT_SECONDS: positiveInt(60),
  MAX_CONCURRENT_UPLOADS_PER_USER: positiveInt(5),
  MAX_VIDEO_WIDTH: positiveInt(7680),
  MAX_VIDEO_HEIGHT: positiveInt(4320),
  UPLOAD_EXPIRY_HOURS: positiveInt(24),
  MAX_PENDING_UPLOADS_PER_USER: positiveInt(10),
  MAX_PENDING_UPLOAD_BYTES_PER_USER: positiveInt(20 * 1024 ** 3),
  MEDIA_URL_TTL_SECONDS: positiveInt(6 * 3600),
  YTDLP_PATH: z.string().trim().min(1).default('/usr/bin/yt-dlp'),
  IMPORT_TIMEOUT_SECONDS: positiveInt(3600),
  LINK_PROBE_TIMEOUT_SECONDS: positiveInt(20),
  ICLOUD_RESOLVE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
    .default(ICLOUD_RESOLVE_URL),
  SSRF_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim())
        .filter(Boolean),
    ),
  SCOUTSMART_API_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
  ),
  SCOUTSMART_API_KEY: optionalText,
});

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data folder (PGlite data, mail outbox, generated secret). */
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Base of every link in e-mails, without a trailing slash. */
  publicUrl: string;
  /** Unset means: generate one and keep it in the data folder (see jwt-secret.ts). */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  activationTokenTtlHours: number;
  resetTokenTtlMinutes: number;
  rateLimitAuthMax: number;
  webDistDir: string;
  /** Behind a load balancer: take the client IP (for rate limits) from X-Forwarded-For. */
  trustProxy: boolean;
  role: ServerRole;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Jobs of each kind one worker process runs at once. */
  workerConcurrency: number;
  /** A running job whose worker has not been heard of for this long is retried (its worker died). */
  jobStaleMs: number;
  /**
   * A processing stage is stopped and failed past `perFilmSecond` seconds for each second of its
   * film, and never before `floorSec`.
   */
  processingTimeLimit: { floorSec: number; perFilmSecond: number };
  /**
   * Wrong passwords one account may take in a window from addresses that never signed in to it,
   * on top of the per-address limit (decision 0023).
   */
  loginAccountLimit: { maxFailures: number; windowMs: number };
  storage:
    | { kind: 'local'; root: string }
    | { kind: 's3'; bucket: string; endpoint?: string; region?: string; prefix?: string };
  /** Largest accepted upload or linked download, in bytes. */
  maxUploadBytes: number;
  /** An upload whose body sends nothing for this long is refused (400) and its temporary file removed. */
  uploadIdleTimeoutMs: number;
  /** Upload requests one user may have receiving at once (both upload paths); more answer 429. */
  maxConcurrentUploadsPerUser: number;
  /**
   * The largest picture a video may have, either way round; a larger one is refused before any
   * frame of it is decoded, and decoders are told not to allocate more.
   */
  maxVideoPicture: { width: number; height: number };
  /** A resumable upload not finished and turned into a video this long after it began is removed. */
  uploadExpiryMs: number;
  /** Resumable uploads one user may have begun and not finished, and the bytes they may declare. */
  pendingUploadsPerUser: { count: number; bytes: number };
  mediaUrlTtlSeconds: number;
  ytDlpPath: string;
  importTimeoutMs: number;
  /** How long a link is checked before it is accepted; past it, it is accepted and the import decides. */
  linkProbeTimeoutMs: number;
  iCloudResolveUrl: string;
  /** Hosts exempt from the SSRF guard; for tests that serve links from loopback only. */
  ssrfAllowHosts: string[];
  /** The external scoutSMART profile API; unset means this app hosts the profile pages itself. */
  scoutSmart: { apiUrl: string; apiKey: string } | undefined;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parses the environment once; the first bad variable is named in a one-line message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const shown = SECRET_VARIABLES.has(variable) ? '' : `=${JSON.stringify(env[variable] ?? '')}`;
    throw new ConfigError(
      `Invalid configuration: ${variable}${shown} ${issue?.message ?? ''}`.trim(),
    );
  }
  const values = parsed.data;
  if (values.STORAGE === 's3' && !values.S3_BUCKET) {
    throw new ConfigError('Invalid configuration: S3_BUCKET must be set when STORAGE=s3');
  }
  if (values.SCOUTSMART_API_URL && !values.SCOUTSMART_API_KEY) {
    throw new ConfigError(
      'Invalid configuration: SCOUTSMART_API_KEY must be set when SCOUTSMART_API_URL is',
    );
  }
  const dataDir = path.resolve(cwd, values.DATA_DIR);
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    jwtSecret: values.JWT_SECRET,
    accessTokenTtlSeconds: values.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: values.REFRESH_TOKEN_TTL_DAYS,
    activationTokenTtlHours: values.ACTIVATION_TOKEN_TTL_HOURS,
    resetTokenTtlMinutes: values.RESET_TOKEN_TTL_MINUTES,
    rateLimitAuthMax: values.RATE_LIMIT_AUTH_MAX,
    webDistDir: path.resolve(cwd, values.WEB_DIST_DIR),
    trustProxy: values.TRUST_PROXY,
    role: values.ROLE,
    logLevel: values.LOG_LEVEL,
    workerConcurrency: values.WORKER_CONCURRENCY,
    jobStaleMs: values.JOB_STALE_SECONDS * 1000,
    processingTimeLimit: {
      floorSec: values.PROCESSING_TIME_LIMIT_FLOOR_SECONDS,
      perFilmSecond: values.PROCESSING_TIME_LIMIT_PER_FILM_SECOND,
    },
    loginAccountLimit: {
      maxFailures: values.LOGIN_ACCOUNT_MAX_FAILURES,
      windowMs: values.LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000,
    },
    storage:
      values.STORAGE === 's3'
        ? {
            kind: 's3',
            bucket: values.S3_BUCKET as string,
            ...(values.S3_ENDPOINT ? { endpoint: values.S3_ENDPOINT } : {}),
            ...(values.S3_REGION ? { region: values.S3_REGION } : {}),
            ...(values.S3_PREFIX ? { prefix: values.S3_PREFIX } : {}),
          }
        : { kind: 'local', root: path.join(dataDir, 'storage') },
    maxUploadBytes: values.MAX_UPLOAD_BYTES,
    uploadIdleTimeoutMs: values.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000,
    maxConcurrentUploadsPerUser: values.MAX_CONCURRENT_UPLOADS_PER_USER,
    maxVideoPicture: { width: values.MAX_VIDEO_WIDTH, height: values.MAX_VIDEO_HEIGHT },
    uploadExpiryMs: values.UPLOAD_EXPIRY_HOURS * 3600 * 1000,
    pendingUploadsPerUser: {
      count: values.MAX_PENDING_UPLOADS_PER_USER,
      bytes: values.MAX_PENDING_UPLOAD_BYTES_PER_USER,
    },
    mediaUrlTtlSeconds: values.MEDIA_URL_TTL_SECONDS,
    ytDlpPath: values.YTDLP_PATH,
    importTimeoutMs: values.IMPORT_TIMEOUT_SECONDS * 1000,
    linkProbeTimeoutMs: values.LINK_PROBE_TIMEOUT_SECONDS * 1000,
    iCloudResolveUrl: values.ICLOUD_RESOLVE_URL,
    ssrfAllowHosts: values.SSRF_ALLOW_HOSTS,
    scoutSmart:
      values.SCOUTSMART_API_URL && values.SCOUTSMART_API_KEY
        ? { apiUrl: values.SCOUTSMART_API_URL, apiKey: values.SCOUTSMART_API_KEY }
        : undefined,
  };
}
