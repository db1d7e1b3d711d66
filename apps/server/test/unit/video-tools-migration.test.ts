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
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/infra/db/migrations-folder.js';

/** A database that runs SQL and the migrations of a folder. */
interface MigratedDatabase {
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

const DRIVERS: [string, () => Promise<MigratedDatabase>][] = [
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

/** Migration 0007: a video's VideoType becomes a set of tool ids, its UploadKind a tool id. */
describe.each(DRIVERS)('the video tools migration on %s', (_driver, open) => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('converts the rows a database holds before it', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'filmroom-migration-'));
    const folder = path.join(dir, 'drizzle');
    await cp(migrationsFolder(), folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
      entries: { tag: string }[];
    };
    const at = journal.entries.findIndex((entry) => entry.tag === '0007_video_tools');
    expect(at).toBeGreaterThan(0);
    await writeFile(
      journalFile,
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }),
    );

    const database = await open();
    await database.migrate(folder);
    await database.exec(`
      INSERT INTO users (id, email, first_name, last_name, phone_number, role, password_hash)
      VALUES ('00000000-0000-4000-8000-000000000001', 'a@b.c', 'A', 'B', '+1', 'Coach', 'x');
      INSERT INTO videos (user_id, title, type, requested_tool, source, status) VALUES
        ('00000000-0000-4000-8000-000000000001', 'library', 1, 3, 'upload', 'ready'),
        ('00000000-0000-4000-8000-000000000001', 'filtered', 2, 3, 'upload', 'ready'),
        ('00000000-0000-4000-8000-000000000001', 'tracked', 3, 3, 'upload', 'ready'),
        ('00000000-0000-4000-8000-000000000001', 'both', 4, 3, 'upload', 'ready'),
        ('00000000-0000-4000-8000-000000000001', 'inactivity entry', 2, 1, 'upload', 'ingesting'),
        ('00000000-0000-4000-8000-000000000001', 'tracking entry', 3, 2, 'library', 'ready');
    `);

    await writeFile(journalFile, JSON.stringify(journal));
    await database.migrate(folder);
    const rows = await database.rows<{ title: string; tools: string[]; requested_tool: string }>(
      'SELECT title, tools, requested_tool FROM videos ORDER BY title',
    );
    await database.close();
    expect(rows).toEqual([
      { title: 'both', tools: ['inactivity', 'tracking'], requested_tool: null },
      { title: 'filtered', tools: ['inactivity'], requested_tool: null },
      { title: 'inactivity entry', tools: ['inactivity'], requested_tool: 'inactivity' },
      { title: 'library', tools: [], requested_tool: null },
      { title: 'tracked', tools: ['tracking'], requested_tool: null },
      { title: 'tracking entry', tools: ['tracking'], requested_tool: 'tracking' },
    ]);
  });
});
