import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/infra/db/open-postgres.js';

async function query<Row extends pg.QueryResultRow>(url: string, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe.runIf(process.env.TEST_DB === 'postgres')('servers starting together', () => {
  it('several api and worker processes opening a new database at once all start, and each migration runs once', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL ?? '';
    const name = `filmroom_test_${randomBytes(6).toString('hex')}`;
    await query(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.allSettled(
        Array.from({ length: 4 }, () => openPostgres(url.toString())),
      );
      await Promise.all(
        opened.map((result) => (result.status === 'fulfilled' ? result.value.close() : undefined)),
      );

      expect(opened.filter((result) => result.status === 'rejected')).toEqual([]);
      const hashes = (
        await query<{ hash: string }>(
          url.toString(),
          'SELECT hash FROM drizzle.__drizzle_migrations',
        )
      ).map((row) => row.hash);
      expect(hashes.length).toBeGreaterThan(0);
      expect(new Set(hashes).size).toBe(hashes.length);
    } finally {
      await query(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
