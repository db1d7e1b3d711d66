import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ApiPaths,
  VideoType,
  type InProgressVideo,
  type LibraryVideo,
  type VideosResponse,
} from '@filmroom/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { gameFilm } from '../helpers/films.js';
import { filesUnder } from '../helpers/media.js';
import { apiCaller, freePort, signUpCoach, waitFor } from '../helpers/server-process.js';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const PASSWORD = 'Str0ng!Pass';
const STALE_SECONDS = 3;

/** waitFor that notes what the test waits for, for the server log printed on failure. */
function wait<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string) {
  step = what;
  return waitFor(probe, timeoutMs, what);
}

/** Engine child processes started for this data folder (their TMPDIR sits under it). */
async function engineChildrenOf(dataDir: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes('engine-process.js')) continue;
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
          JOB_STALE_SECONDS: String(STALE_SECONDS),
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
      wait(
        async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined),
        60_000,
        'the server',
      );
    const call = apiCaller(base);

    server = start();
    await up();
    const email = `durable.${Date.now()}@example.com`;
    const session = await signUpCoach(
      call,
      { email, password: PASSWORD, firstName: 'Dana', lastName: 'Reyes' },
      { dataDir, mailTimeoutMs: 10_000, wait },
    );

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
    await wait(
      async () => ((await inProgress()).videos[0]?.percentageCompleted ?? 0) > 36 || undefined,
      240_000,
      'the engine to make progress',
    );
    expect(await engineChildrenOf(dataDir)).not.toEqual([]);
    const killed = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGKILL');
    await killed;
    // The engine child notices its worker is gone and stops.
    await wait(
      async () => ((await engineChildrenOf(dataDir)).length === 0 ? true : undefined),
      10_000,
      'the engine child to stop',
    );

    server = start();
    await up();
    const videos = await wait(
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
    expect(videos[0]).toMatchObject({
      title: 'Tournament · Inactivity Filter',
      type: VideoType.Inactivity,
    });
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
    // The run tidies its scratch folder just after its output is listed: give it a moment.
    const leftOver = async () => ({
      scratch: (await filesUnder(path.join(dataDir!, 'tmp'))).filter(
        (file) => !file.startsWith('uploads'),
      ),
      engines: await engineChildrenOf(dataDir!),
    });
    await wait(
      async () => {
        const left = await leftOver();
        return left.scratch.length + left.engines.length === 0 ? true : undefined;
      },
      15_000,
      'the run to tidy up',
    ).catch(() => undefined);
    expect(await leftOver()).toEqual({ scratch: [], engines: [] });
    await stop(server);
    log = '';
  }, 600_000);
});
