import { afterAll, describe, expect, it } from 'vitest';
import { DRIVERS, migrationsUpTo } from '../helpers/migrated-database.js';

/** Migration 0007: a video's VideoType becomes a set of tool ids, its UploadKind a tool id. */
describe.each(DRIVERS)('the video tools migration on %s', (_driver, open) => {
  let copy: Awaited<ReturnType<typeof migrationsUpTo>> | undefined;
  afterAll(async () => {
    await copy?.remove();
  });

  it('converts the rows a database holds before it', async () => {
    copy = await migrationsUpTo('0007_video_tools');
    const { folder } = copy;
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

    await copy.restoreAll();
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
