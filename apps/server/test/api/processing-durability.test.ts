import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ApiPaths,
  VideoType,
  type InProgressVideo,
  type LibraryVideo,
  type TokenPair,
  type VideosResponse,
} from '@filmroom/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { gameFilm } from '../helpers/films.js';
import { filesUnder } from '../helpers/media.js';
import { linkIn, readOutbox } from '../helpers/outbox.js';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const PASSWORD = 'Str0ng!Pass';
const STALE_SECONDS = 3;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  step = what;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Engine child processes started for this data folder (their TMPDIR sits under it). */
async function engineChildrenOf(dataDir: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes('run-engine.mjs')) continue;
      const environ = await readFile(`/proc/${entry}/environ`, 'utf8');
      if (environ.includes(dataDir)) pids.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return pids;
}

let dataDir = '';
let server: ChildProcess | undefined;
let log = '';
let step = 'start';

/** Stops the server, or kills it when it does not stop in time. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  if (log) console.warn(`server log (step ${step}):\n${log}`);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe.runIf(process.env.TEST_DB === 'pglite')('a worker killed mid-job', () => {
  it('is retried from a clean state after a restart: one output video, no orphan files or processes', async () => {
    expect(existsSync(MAIN), 'build the server first (npm run build)').toBe(true);
    const film = await readFile(await gameFilm(120));
    dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-durability-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const start = () => {
      const child = spawn(process.execPath, [MAIN], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          PUBLIC_URL: base,
          ROLE: 'all',
          LOG_LEVEL: 'warn',
          PROCESSING_STALE_SECONDS: String(STALE_SECONDS),
          DATABASE_URL: '',
          SMTP_URL: '',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        log = (log + chunk.toString()).slice(-4000);
      });
      return child;
    };
    const up = () =>
      waitFor(
        async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined),
        60_000,
        'the server',
      );
    const call = async <T>(apiPath: string, init: RequestInit = {}, token?: string) => {
      const response = await fetch(`${base}/api${apiPath}`, {
        ...init,
        headers: {
          ...(init.body && typeof init.body === 'string'
            ? { 'content-type': 'application/json' }
            : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
      if (!response.ok) throw new Error(`${apiPath}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };

    server = start();
    await up();
    const email = `durable.${Date.now()}@example.com`;
    await call(ApiPaths.register, {
      method: 'POST',
      body: JSON.stringify({
        firstName: 'Dana',
        lastName: 'Reyes',
        email,
        phoneNumber: '',
        roleName: 'Coach',
        password: PASSWORD,
      }),
    });
    const mails = await waitFor(
      async () => {
        const sent = await readOutbox(path.join(dataDir, 'outbox'));
        return sent.length > 0 ? sent : undefined;
      },
      10_000,
      'the activation mail',
    );
    const token = linkIn(mails[0]!, '/activate').searchParams.get('token');
    await call(ApiPaths.activate, { method: 'POST', body: JSON.stringify({ token }) });
    const session = await call<TokenPair>(ApiPaths.login, {
      method: 'POST',
      body: JSON.stringify({ email, password: PASSWORD }),
    });

    const form = new FormData();
    form.append('video', new Blob([film], { type: 'video/mp4' }), 'Tournament.mp4');
    const entry = await call<InProgressVideo>(
      ApiPaths.inactivityFileUpload,
      { method: 'POST', body: form },
      session.token,
    );
    const inProgress = () =>
      call<VideosResponse<InProgressVideo>>(ApiPaths.inProgressVideos, {}, session.token);

    // Mid-analysis: the engine reports progress past the start of its range.
    await waitFor(
      async () => ((await inProgress()).videos[0]?.percentageCompleted ?? 0) > 36 || undefined,
      240_000,
      'the engine to make progress',
    );
    expect(await engineChildrenOf(dataDir)).not.toEqual([]);
    const killed = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGKILL');
    await killed;
    // The engine child notices its worker is gone and stops.
    await waitFor(
      async () => ((await engineChildrenOf(dataDir)).length === 0 ? true : undefined),
      10_000,
      'the engine child to stop',
    );

    server = start();
    await up();
    const videos = await waitFor(
      async () => {
        const list = await inProgress();
        if (list.videos.length > 0) return undefined;
        return (await call<VideosResponse<LibraryVideo>>(ApiPaths.libraryVideos, {}, session.token))
          .videos;
      },
      180_000,
      'the retried job to finish',
    );

    expect(videos).toHaveLength(1);
    expect(videos[0]).toMatchObject({ title: 'Tournament', type: VideoType.Inactivity });
    // Local storage keeps a .meta.json (content type) beside each object.
    const stored = (await filesUnder(path.join(dataDir, 'storage'))).filter(
      (file) => !file.endsWith('.meta.json'),
    );
    const outputId = videos[0]!.id;
    expect(stored.map((file) => file.split('/').slice(-2).join('/')).sort()).toEqual(
      [
        `${entry.id}/source.mp4`,
        `${entry.id}/thumbnail.jpg`,
        `${outputId}/source.mp4`,
        `${outputId}/thumbnail.jpg`,
      ].sort(),
    );
    const scratch = (await filesUnder(path.join(dataDir, 'tmp'))).filter(
      (file) => !file.startsWith('uploads'),
    );
    expect(scratch).toEqual([]);
    expect(await engineChildrenOf(dataDir)).toEqual([]);
    await stop(server);
    log = '';
  }, 600_000);
});
