import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { DatabaseHandle } from './database.js';
import { migrationsFolder } from './migrations-folder.js';
import * as schema from './schema.js';

/** A connection pool on DATABASE_URL; migrated before it is handed out. */
export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzle({ client: pool, schema });
  try {
    await migrate(db, { migrationsFolder: migrationsFolder() });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db,
    driver: 'postgres',
    close: () => pool.end(),
  };
}
