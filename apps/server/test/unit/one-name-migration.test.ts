import { afterAll, describe, expect, it } from 'vitest';
import { DRIVERS, migrationsUpTo } from '../helpers/migrated-database.js';

/**
 * Migrations 0012 and 0013: a run's tool is its `tool` (was `kind`), a finished entry's status `done`
 * (was `processed`), and runs live in `processing_runs` (was `processing_jobs`).
 */
describe.each(DRIVERS)('the one-name migration on %s', (_driver, open) => {
  let copy: Awaited<ReturnType<typeof migrationsUpTo>> | undefined;
  afterAll(async () => {
    await copy?.remove();
  });

  it('keeps every run’s tool and state in processing_runs and finishes the entries that were "processed"', async () => {
    copy = await migrationsUpTo('0012_one_name_per_concept');
    const database = await open();
    await database.migrate(copy.folder);
    await database.exec(`
      INSERT INTO users (id, email, first_name, last_name, phone_number, role, password_hash)
      VALUES ('00000000-0000-4000-8000-000000000001', 'a@b.c', 'A', 'B', '+1', 'Coach', 'x');
      INSERT INTO videos (id, user_id, title, tools, requested_tool, source, status) VALUES
        ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000001', 'finished entry', '{inactivity}', 'inactivity', 'upload', 'processed'),
        ('00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-000000000001', 'running entry', '{tracking}', 'tracking', 'upload', 'ready');
      INSERT INTO processing_jobs (user_id, entry_video_id, source_video_id, kind, state) VALUES
        ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000a', 'inactivity', 'done'),
        ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-00000000000b', 'tracking', 'analysing');
    `);

    await copy.restoreAll();
    await database.migrate(copy.folder);
    const videos = await database.rows<{ title: string; status: string }>(
      'SELECT title, status FROM videos ORDER BY title',
    );
    const runs = await database.rows<{ tool: string; state: string }>(
      'SELECT tool, state FROM processing_runs ORDER BY tool',
    );
    await database.close();
    expect(videos).toEqual([
      { title: 'finished entry', status: 'done' },
      { title: 'running entry', status: 'ready' },
    ]);
    expect(runs).toEqual([
      { tool: 'inactivity', state: 'done' },
      { tool: 'tracking', state: 'analysing' },
    ]);
  });
});
