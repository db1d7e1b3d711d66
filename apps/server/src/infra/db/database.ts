import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

/** What services and repositories see: a PostgreSQL database, whichever driver runs it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  /** `pglite` (embedded, one session) or `postgres` (a pool on DATABASE_URL). */
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}
