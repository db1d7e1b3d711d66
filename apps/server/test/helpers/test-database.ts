import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { DatabaseHandle } from '../../src/infra/db/database.js';
import { openPglite } from '../../src/infra/db/open-pglite.js';
import { openPostgres } from '../../src/infra/db/open-postgres.js';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** The connection string on PostgreSQL (undefined on PGlite), for what opens connections of its own. */
  url?: string;
  /** Closes the connection and removes the data (temp folder or the whole database). */
  destroy(): Promise<void>;
}

/** A fresh, migrated database for one test file: PGlite in a temp folder, or a new PostgreSQL database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const driver = process.env.TEST_DB ?? 'pglite';
  if (driver === 'postgres') return createPostgresDatabase();
  const dir = await mkdtemp(path.join(tmpdir(), 'filmroom-pglite-'));
  const template = new Blob([await readFile(inject('pgliteTemplate'))]);
  const handle = await openPglite(dir, { template });
  return {
    handle,
    async destroy() {
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `filmroom_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString());
  return {
    handle,
    url: url.toString(),
    async destroy() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // pool.end() resolves once its clients have sent Terminate, not once their backends are gone;
      // a forced drop meanwhile sends those clients a FATAL that surfaces as an uncaught error.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { rows } = await cleanup.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
