import type { FastifyRequest } from 'fastify';

const SECRET_QUERY = /([?&](?:token|refreshToken)=)[^&#]*/gi;

/** E-mailed links carry single-use tokens in the query; logs keep the path only. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** The longest text one logged field keeps; a value sent by a client can be a megabyte. */
export const MAX_LOGGED_TEXT = 2_000;

const PERSONAL_DATA: [RegExp, string][] = [
  [/\$argon2(?:id|i|d)\$[^\s"',]*/g, '[password hash]'],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[token]'],
  [/[^\s@"'<>(),;:/]+@[^\s@"'<>(),;:/]+\.[^\s@"'<>(),;:/]+/g, '[email]'],
  // Our secret tokens: 32 random bytes in base64url.
  [/(?<![\w-])[\w-]{43}(?![\w-])/g, '[token]'],
];

// Ten or more digits, maybe with separators: a phone number (a date has eight).
const PHONE_LIKE = /(?<![\w-])\+?\(?\d[\d ().-]{8,20}\d(?![\w-])/g;
const maskPhones = (text: string) =>
  text.replace(PHONE_LIKE, (match) => (match.replace(/\D/g, '').length >= 10 ? '[phone]' : match));

/** Masks password hashes, tokens, e-mails and phone numbers, and caps the length. */
export function redactText(text: string): string {
  const capped =
    text.length > MAX_LOGGED_TEXT
      ? `${text.slice(0, MAX_LOGGED_TEXT)}… [${text.length - MAX_LOGGED_TEXT} more characters]`
      : text;
  return maskPhones(
    PERSONAL_DATA.reduce((result, [pattern, mask]) => result.replace(pattern, mask), capped),
  );
}

// A database driver's error says which query failed and, after it, every parameter it was given.
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |\ncaused by|$)/;
const withoutParams = (text: string) => text.replace(QUERY_PARAMS, '\nparams: [redacted]');

/** Driver error fields that say what went wrong without quoting the data. */
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'routine',
  'table',
  'column',
  'constraint',
] as const;

interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  query?: string;
  params?: string;
  detail?: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

/**
 * Errors as logged: message, stack, the failed query's text and the cause chain, with the query's
 * parameters left out (they are the user's data: e-mail, password hash, names) and every text masked
 * and capped.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactText(String(error)) };
  const source = error as Error & Record<string, unknown>;
  const logged: LoggedError = {
    type: source.constructor?.name ?? source.name,
    message: redactText(withoutParams(source.message)),
  };
  if (source.stack) logged.stack = redactText(withoutParams(source.stack));
  if (typeof source.query === 'string') logged.query = redactText(source.query);
  if (Array.isArray(source.params)) logged.params = `[${source.params.length} redacted]`;
  // PostgreSQL's detail quotes the row ("Key (email)=(...) already exists").
  if (typeof source.detail === 'string') logged.detail = redactText(source.detail);
  for (const field of SAFE_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') logged[field] = value;
  }
  if (source.cause !== undefined && depth < 3)
    logged.cause = serializeError(source.cause, depth + 1);
  return logged;
}

/** Pino serializers for the request log lines; they take precedence over Fastify's defaults. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactText(redactUrl(request.url)),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  err: (error: unknown) => serializeError(error),
};
