import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue, type JobHandlers } from './job-queue.js';
import { openPgliteSocket, type PgliteSocket } from './pglite-socket.js';

// pg-boss creates its schema on first start: slow on the single-session embedded database under load.
const SLOW_MS = 180_000;
const errors: Error[] = [];

let dir = '';
let db: PGlite;
let socket: PgliteSocket;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-queue-'));
  db = await PGlite.create(path.join(dir, 'pglite'));
  socket = await openPgliteSocket(db);
}, SLOW_MS);

afterAll(async () => {
  await socket.close();
  await db.close();
  await rm(dir, { recursive: true, force: true });
}, SLOW_MS);

function waitFor(condition: () => boolean, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const tick = (): void => {
      if (condition()) resolve();
      else if (Date.now() > deadline) reject(new Error('timed out'));
      else setTimeout(tick, 50);
    };
    tick();
  });
}

describe('job queue on the embedded database', () => {
  it(
    'runs each queued job once, with its payload, while the app keeps querying the same database',
    async () => {
      const queue = new JobQueue({
        connectionString: socket.connectionString,
        maxConnections: socket.maxClientConnections,
        concurrency: 1,
        onError: (error) => errors.push(error),
      });
      await queue.start();
      const seen: string[] = [];
      const handlers: JobHandlers = {
        ingest: async ({ videoId }) => {
          seen.push(`ingest:${videoId}`);
        },
        'import-link': async ({ videoId }) => {
          seen.push(`import:${videoId}`);
        },
        inactivity: async () => undefined,
        'cut-review-render': async () => undefined,
        'track-analyse': async () => undefined,
        'track-render': async () => undefined,
        'account-mail': async () => undefined,
      };
      await queue.work(handlers);
      await queue.send('ingest', { videoId: 'v1' });
      await queue.send('import-link', { videoId: 'v2' });
      const direct = await db.query<{ one: number }>('select 1 as one');
      expect(direct.rows[0]?.one).toBe(1);
      await waitFor(() => seen.length === 2);
      expect(seen.sort()).toEqual(['import:v2', 'ingest:v1']);
      expect(errors).toEqual([]);
      await queue.stop();
    },
    SLOW_MS,
  );

  it(
    'refuses to start workers when a job kind has no handler',
    async () => {
      const queue = new JobQueue({
        connectionString: socket.connectionString,
        maxConnections: socket.maxClientConnections,
        concurrency: 1,
        onError: () => undefined,
      });
      await queue.start();
      await expect(
        queue.work({ ingest: async () => undefined } as unknown as JobHandlers),
      ).rejects.toThrow(/No handler for job kind "import-link"/);
      await queue.stop();
    },
    SLOW_MS,
  );
});
