import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseHandle } from './database.js';
import { migrationsFolder } from './migrations-folder.js';
import * as schema from './schema.js';

/** Any fixed number: the advisory lock that lets one process at a time migrate the database. */
const MIGRATION_LOCK_KEY = 7_304_151_822;

/**
 * Migrates under a session advisory lock: api and worker processes starting together on a new
 * database would otherwise all create the same tables, and all but one would fail to start.
 */
async function migrateExclusively(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle({ client, schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** A connection pool on DATABASE_URL; migrated before it is handed out. */
export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  try {
    await migrateExclusively(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db: drizzle({ client: pool, schema }),
    driver: 'postgres',
    close: () => pool.end(),
  };
}
