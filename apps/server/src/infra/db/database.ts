import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

/** What services and repositories see: a PostgreSQL database, whichever driver runs it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  /** `pglite` (embedded, one session) or `postgres` (a pool on DATABASE_URL). */
  driver: 'pglite' | 'postgres';
  /** The embedded database itself, for adapters that need the raw session (PGlite only). */
  client?: PGlite;
  close(): Promise<void>;
}
