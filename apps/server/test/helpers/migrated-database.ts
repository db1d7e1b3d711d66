import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../../src/infra/db/migrations-folder.js';

/** A database that runs SQL and the migrations of a folder. */
export interface MigratedDatabase {
  migrate(folder: string): Promise<void>;
  exec(sql: string): Promise<void>;
  rows<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

async function pglite(): Promise<MigratedDatabase> {
  const client = await PGlite.create();
  const db = drizzlePglite({ client });
  return {
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    exec: async (sql) => {
      await client.exec(sql);
    },
    rows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
    close: () => client.close(),
  };
}

/** A new database on the PostgreSQL server of TEST_DATABASE_URL, dropped on close. */
async function postgres(adminUrl: string): Promise<MigratedDatabase> {
  const name = `filmroom_migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString() });
  const db = drizzlePg({ client: pool });
  return {
    migrate: (migrationsFolder) => migratePg(db, { migrationsFolder }),
    exec: async (sql) => {
      await pool.query(sql);
    },
    rows: async <T>(sql: string) => (await pool.query(sql)).rows as T[],
    close: async () => {
      await pool.end();
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    },
  };
}

export const DRIVERS: [string, () => Promise<MigratedDatabase>][] = [
  ['PGlite', pglite],
  ...(process.env.TEST_DATABASE_URL
    ? [
        ['PostgreSQL', () => postgres(process.env.TEST_DATABASE_URL!)] as [
          string,
          () => Promise<MigratedDatabase>,
        ],
      ]
    : []),
];

/**
 * A copy of the migrations that stops before `tag`, and how to bring the copy to all of them: rows
 * written between the two are what a database held before that migration.
 */
export async function migrationsUpTo(tag: string): Promise<{
  folder: string;
  restoreAll(): Promise<void>;
  remove(): Promise<void>;
}> {
  const dir = await mkdtemp(path.join(tmpdir(), 'filmroom-migration-'));
  const folder = path.join(dir, 'drizzle');
  await cp(migrationsFolder(), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at <= 0) throw new Error(`No migration ${tag}`);
  await writeFile(
    journalFile,
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }),
  );
  return {
    folder,
    restoreAll: () => writeFile(journalFile, JSON.stringify(journal)),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
