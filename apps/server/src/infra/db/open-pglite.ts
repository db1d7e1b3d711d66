import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './database.js';
import { migrationsFolder } from './migrations-folder.js';
import * as schema from './schema.js';

/** Embedded PostgreSQL in a data folder; migrated before it is handed out. */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: migrationsFolder() });
  return {
    db,
    driver: 'pglite',
    close: () => client.close(),
  };
}
