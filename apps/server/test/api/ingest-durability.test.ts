import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApiPaths, type LibraryVideo, type VideosResponse } from '@filmroom/contract';
import { testClip } from '@filmroom/test-media';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { filesUnder } from '../helpers/media.js';
import { apiCaller, freePort, signUpCoach, waitFor } from '../helpers/server-process.js';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const PASSWORD = 'Str0ng!Pass';
const STALE_SECONDS = 3;
/** The promise: a job whose worker died runs again within a minute. */
const RECOVERY_LIMIT_MS = 60_000;
const driver = process.env.TEST_DB ?? 'pglite';

const started: ChildProcess[] = [];
const logs = new Map<ChildProcess, string>();
let dataDir = '';
let databaseName = '';
let step = 'start';

/** waitFor that notes what the test waits for, for the server log printed on failure. */
function wait<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string) {
  step = what;
  return waitFor(probe, timeoutMs, what);
}

/** ffmpeg processes reading this data folder's storage (the ingest's transcode). */
async function ffmpegsOn(dir: string): Promise<{ pid: number; parent: number }[]> {
  const found: { pid: number; parent: number }[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes('ffmpeg') || !cmdline.includes(dir)) continue;
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue;
      found.push({ pid: Number(entry), parent: Number(fields[1]) });
    } catch {
      // The process ended meanwhile.
    }
  }
  return found;
}

/** 30 s of 720p H.264 in 4:2:2: cheap to make, and not browser-playable, so ingest transcodes it. */
async function filmNeedingTranscode(): Promise<Buffer> {
  return readFile(
    await testClip({ seconds: 30, size: '1280x720', fps: 30, pixelFormat: 'yuv422p' }),
  );
}

async function postgresUrl(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  databaseName = `filmroom_ingest_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

afterAll(async () => {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  const failed = [...logs.values()].filter(Boolean);
  if (failed.length > 0) console.warn(`server logs (step ${step}):\n${failed.join('\n---\n')}`);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (databaseName && process.env.TEST_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
});

describe(`an ingest whose worker is killed (${driver})`, () => {
  it('takes its ffmpeg down with it, runs again on a new worker within a minute, and leaves no partial file', async () => {
    expect(existsSync(MAIN), 'build the server first (npm run build)').toBe(true);
    dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-ingest-kill-'));
    const film = await filmNeedingTranscode();
    const databaseUrl = driver === 'postgres' ? await postgresUrl() : '';
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const startServer = (role: 'all' | 'api' | 'worker') => {
      const child = spawn(process.execPath, [MAIN], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          PUBLIC_URL: base,
          ROLE: role,
          LOG_LEVEL: 'warn',
          JOB_STALE_SECONDS: String(STALE_SECONDS),
          DATABASE_URL: databaseUrl,
          SMTP_URL: '',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      started.push(child);
      logs.set(child, '');
      child.stderr?.on('data', (chunk: Buffer) => {
        logs.set(child, ((logs.get(child) ?? '') + chunk.toString()).slice(-4000));
      });
      return child;
    };
    const call = apiCaller(base);

    // The embedded database belongs to one process (api and worker); PostgreSQL has them apart.
    const separate = driver === 'postgres';
    // The api first: it migrates the new database before the worker starts.
    let worker = startServer(separate ? 'api' : 'all');
    await wait(
      async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined),
      90_000,
      'the server',
    );
    if (separate) worker = startServer('worker');
    const email = `kill.${Date.now()}@example.com`;
    const session = await signUpCoach(
      call,
      { email, password: PASSWORD, firstName: 'Kai', lastName: 'Lind' },
      { dataDir, mailTimeoutMs: 20_000, wait },
    );
    const form = new FormData();
    form.append('video', new Blob([film], { type: 'video/mp4' }), 'Semifinal.mp4');
    const video = await call<LibraryVideo>(
      ApiPaths.libraryFileUpload,
      { method: 'POST', body: form },
      session.token,
    );

    const [transcode] = await wait(
      async () => {
        const running = (await ffmpegsOn(dataDir)).filter((p) => p.parent === worker.pid);
        return running.length > 0 ? running : undefined;
      },
      120_000,
      "the ingest's ffmpeg",
    );
    // Mid-way: the rendition is being written into the worker's scratch folder.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const deadWorker = worker.pid!;
    const killed = new Promise((resolve) => worker.once('exit', resolve));
    worker.kill('SIGKILL');
    await killed;
    const killedAt = Date.now();

    await wait(
      async () => ((await ffmpegsOn(dataDir)).length === 0 ? true : undefined),
      5_000,
      'the orphaned ffmpeg to die with its worker',
    );

    worker = startServer(separate ? 'worker' : 'all');
    await wait(
      async () =>
        (await ffmpegsOn(dataDir)).some((p) => p.parent === worker.pid) ? true : undefined,
      RECOVERY_LIMIT_MS,
      'the ingest to run again on the new worker',
    );
    const recoveredMs = Date.now() - killedAt;
    const ready = await wait(
      async () => {
        const [listed] = (
          await call<VideosResponse<LibraryVideo>>(ApiPaths.libraryVideos, {}, session.token)
        ).videos;
        return listed?.thumbnailUrl ? listed : undefined;
      },
      300_000,
      'the ingest to finish',
    );
    console.info(
      `${driver}: the ffmpeg of pid ${transcode?.pid} died with worker ${deadWorker}; ` +
        `the ingest ran again ${recoveredMs} ms after the kill`,
    );

    expect(ready.id).toBe(video.id);
    const stored = (await filesUnder(path.join(dataDir, 'storage')))
      .filter((file) => !file.endsWith('.meta.json'))
      .map((file) => path.basename(file))
      .sort();
    expect(stored).toEqual(['playable.mp4', 'source.mp4', 'thumbnail.jpg']);
    // The dead worker's scratch folder (with its partial rendition) went when the new one started.
    expect(await filesUnder(path.join(dataDir, 'tmp'))).toEqual([]);
    expect(
      (await readdir(path.join(dataDir, 'tmp'))).some((name) =>
        name.startsWith(`proc-${deadWorker}-`),
      ),
    ).toBe(false);
    for (const child of started) logs.set(child, '');
  }, 600_000);
});
