import path from 'node:path';
import type { DatabaseHandle } from './database.js';
import { openPglite } from './open-pglite.js';
import { openPostgres } from './open-postgres.js';

/** PostgreSQL when a URL is given, else embedded PGlite in DATA_DIR/pglite. */
export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(path.join(options.dataDir, 'pglite'));
}
