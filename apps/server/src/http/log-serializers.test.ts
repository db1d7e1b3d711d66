import { DrizzleQueryError } from 'drizzle-orm/errors';
import { pino, type Logger } from 'pino';
import { describe, expect, it } from 'vitest';
import { MAX_LOGGED_TEXT, logSerializers } from './log-serializers.js';

function logged(write: (logger: Logger) => void): string {
  const lines: string[] = [];
  const logger = pino(
    { level: 'info', serializers: logSerializers },
    { write: (line: string) => void lines.push(line) },
  );
  write(logger);
  return lines.join('');
}

describe('log serializers', () => {
  it('mask e-mails, phone numbers, tokens and password hashes in an error, but keep dates and paths', () => {
    const error = new Error(
      'Mail to Jo.Doe@example.com (+1 555-867-5309) failed on 2026-08-22 with eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl ' +
        `and ${'A'.repeat(43)} for $argon2id$v=19$m=1024,t=1,p=1$c2FsdA$aGFzaA in node_modules/@fastify/multipart`,
    );

    const line = logged((logger) => logger.error({ err: error }, 'failed'));

    for (const secret of ['Jo.Doe', '867-5309', 'eyJhbGciOi', 'A'.repeat(43), '$argon2id']) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('[email] ([phone]) failed on 2026-08-22 with [token] and [token]');
    expect(line).toContain('[password hash]');
    expect(line).toContain('node_modules/@fastify/multipart');
  });

  it("leave out a failed query's parameters and keep its text", () => {
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['someone@example.com', '$argon2id$v=19$m=1024,t=1,p=1$c2FsdA$aGFzaA'],
      Object.assign(new Error('duplicate key value violates unique constraint'), {
        code: '23505',
        detail: 'Key (email)=(someone@example.com) already exists.',
      }),
    );

    const entry = JSON.parse(logged((logger) => logger.error({ err: error }, 'failed'))) as {
      err: Record<string, unknown> & { cause: Record<string, unknown> };
    };

    expect(JSON.stringify(entry)).not.toContain('someone');
    expect(entry.err.query).toBe('insert into "users" ("email", "password_hash") values ($1, $2)');
    expect(entry.err.params).toBe('[2 redacted]');
    expect(entry.err.message).toContain('params: [redacted]');
    expect(entry.err.cause).toMatchObject({
      code: '23505',
      detail: 'Key (email)=([email]) already exists.',
    });
  });

  it('cap a megabyte value to a short line', () => {
    const line = logged((logger) =>
      logger.error({ err: new Error(`bad value ${'x'.repeat(1_000_000)}`) }, 'failed'),
    );

    expect(line.length).toBeLessThan(3 * MAX_LOGGED_TEXT + 1_000);
    expect(line).toContain('more characters]');
  });
});
