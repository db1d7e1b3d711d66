import { ApiPaths } from '@filmroom/contract';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logSerializers } from '../../src/http/log-serializers.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { apiClient, registration, startTestApp, type TestApp } from '../helpers/test-app.js';

const lines: string[] = [];
let database: TestDatabase;
let testApp: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  // A schema the code does not expect: every insert of a user now fails in the database.
  await database.handle.db.execute(
    sql`ALTER TABLE users RENAME COLUMN phone_number TO phone_number_moved`,
  );
  // The logger as main.ts builds it, writing to memory.
  const logger = pino(
    { level: 'info', serializers: logSerializers },
    { write: (line: string) => void lines.push(line) },
  );
  testApp = await startTestApp(database.handle.db, { logger });
});

afterAll(async () => {
  await testApp?.close();
  await database?.destroy();
});

describe('the log of a failing request', () => {
  it('keeps the failed query and its reason but no password hash, e-mail, phone number or parameter', async () => {
    const user = registration({ email: 'Private.Person@example.com', phoneNumber: '555-867-5309' });

    const response = await apiClient(testApp.app).post(ApiPaths.register, user);

    expect(response.statusCode).toBe(500);
    const log = lines.join('');
    const failure = lines
      .map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> })
      .find((entry) => entry.msg === 'Unexpected error');
    expect(failure?.err?.query).toMatch(/^insert into "users"/);
    expect(JSON.stringify(failure?.err)).toContain(
      'column \\"phone_number\\" of relation \\"users\\" does not exist',
    );
    expect(log).not.toContain('$argon2');
    expect(log.toLowerCase()).not.toContain('private.person@example.com');
    expect(log).not.toContain('5558675309');
    expect(log).not.toContain(user.firstName);
    for (const line of lines) expect(line.length).toBeLessThan(8_000);
  });
});
