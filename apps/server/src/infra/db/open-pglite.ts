import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './database.js';
import { migrationsFolder } from './migrations-folder.js';
import * as schema from './schema.js';

/**
 * Embedded PostgreSQL in a data folder (in memory without one), migrated before it is handed
 * out. `template` is a dump (dumpDataDir) to start a new folder from, skipping initdb.
 */
export async function openPglite(
  dataDir: string | undefined,
  options: { template?: Blob } = {},
): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.template ? { loadDataDir: options.template } : {}),
  });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: migrationsFolder() });
  return {
    db,
    driver: 'pglite',
    client,
    close: () => client.close(),
  };
}
