// The video library under load: seeds a user with a 60-video library (real rows, one small generated
// clip and thumbnail stored for each), starts the built server (api role), signs in through the API and
// drives 100 concurrent connections at the list endpoints from a separate load-generator process (wrk).
// Prints req/s, p50, p99, errors, the server's CPU time per request and the machine's load for each run.
//
//   npm run bench:load                                   (embedded PGlite; PostgreSQL too when
//                                                         TEST_DATABASE_URL or BENCH_DATABASE_URL is set)
//   npm run bench:load -- --postgres                     (PostgreSQL at the default local server too)
//   npm run bench:load -- --postgres-only --runs 5       (five runs each, best and median)
//
// Options (flags or BENCH_* variables): --runs N, --duration SECONDS, --connections N, --videos N,
// --endpoints library,in-progress, --encoding "gzip, deflate, br" (the Accept-Encoding sent, as a
// browser does; "identity" for none), --log-level LEVEL (the server's, default info as in production),
// --cpu-prof DIR (writes the server's V8 CPU profiles there), --dist DIR (another build of the server
// to measure, e.g. one made from an earlier commit, for a before/after comparison).
//
// wrk (Debian package) is the load generator: one native thread driving epoll uses a small fraction of
// the CPU a Node.js generator needs for the same requests, so the server keeps the cores it is measured on.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { testClip } from '@filmroom/vision-lab/testing';
import { freePort, freshDatabase } from './bench-support.mjs';

const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const TARGET = { requestsPerSecond: 1000, p99Ms: 100 };
const PASSWORD = 'Bench!Pass1';
const ENDPOINTS = {
  library: '/api/videos/library/get-videos',
  'in-progress': '/api/videos/library/get-in-progress-videos',
};

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    'postgres-only': { type: 'boolean', default: false },
    runs: { type: 'string', default: process.env.BENCH_RUNS ?? '1' },
    duration: { type: 'string', default: process.env.BENCH_DURATION ?? '10' },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '100' },
    videos: { type: 'string', default: process.env.BENCH_VIDEOS ?? '60' },
    endpoints: { type: 'string', default: process.env.BENCH_ENDPOINTS ?? 'library,in-progress' },
    encoding: { type: 'string', default: process.env.BENCH_ENCODING ?? 'gzip, deflate, br' },
    'log-level': { type: 'string', default: process.env.BENCH_LOG_LEVEL ?? 'info' },
    'cpu-prof': { type: 'string', default: process.env.BENCH_CPU_PROF },
    dist: { type: 'string', default: process.env.BENCH_SERVER_DIST },
  },
});
// Another build of the server (for before/after comparisons): its dist folder.
const DIST = args.dist
  ? pathToFileURL(`${path.resolve(args.dist)}/`)
  : new URL('../dist/', import.meta.url);
const MAIN = fileURLToPath(new URL('main.js', DIST));
const RUNS = Number(args.runs);
const DURATION_S = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const VIDEO_COUNT = Number(args.videos);
const IN_PROGRESS_COUNT = 6;
const endpoints = args.endpoints.split(',').map((name) => {
  if (!(name in ENDPOINTS)) throw new Error(`Unknown endpoint ${name}; use library,in-progress`);
  return name;
});

function postgresUrl() {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (given) return given;
  return args.postgres || args['postgres-only'] ? DEFAULT_POSTGRES : undefined;
}

/** wrk from Debian, installed like scripts/setup.sh installs packages when it is missing. */
function ensureWrk() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return;
  } catch (error) {
    // wrk --version exits 1 after printing; only a missing binary is a problem
    if (error.code !== 'ENOENT') return;
  }
  const apt = ['install', '-y', '-qq', '--no-install-recommends', 'wrk'];
  console.log('Installing the Debian package wrk (the load generator)');
  const root = process.getuid?.() === 0;
  const run = (command) =>
    execFileSync(root ? command[0] : 'sudo', root ? command.slice(1) : command, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', ...apt]);
}

/** A short clip from the repo's cached test films, and a thumbnail of it, as stored videos have. */
async function makeMedia(dir) {
  const clip = await testClip({ seconds: 2 });
  const thumbnail = path.join(dir, 'thumbnail.jpg');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    clip,
    '-frames:v',
    '1',
    '-q:v',
    '5',
    thumbnail,
  ]);
  return { clip: readFileSync(clip), thumbnail: readFileSync(thumbnail) };
}

const OPPONENTS = ['Tigers', 'Eagles', 'Wildcats', 'Falcons', 'Bulldogs', 'Panthers', 'Hornets'];

/**
 * The user and their videos, written through the app's own repositories and storage before the
 * server starts (the embedded database admits one process at a time). Titles, descriptions and notes
 * have the lengths of a real coach's library (about 34 KB of JSON for 58 videos).
 */
async function seed({ dataDir, databaseUrl, media }) {
  const { openDatabase } = await import(new URL('infra/db/open-database.js', DIST));
  const { createUsersRepository } = await import(new URL('infra/db/users.repository.js', DIST));
  const { createVideosRepository } = await import(new URL('infra/db/videos.repository.js', DIST));
  const { LocalDiskStorage } = await import(new URL('infra/storage/local-disk-storage.js', DIST));
  const { videoKeys } = await import(new URL('services/videos/video-keys.js', DIST));
  const { createArgon2PasswordHasher } = await import(
    new URL('infra/crypto/argon2-password-hasher.js', DIST)
  );

  const database = await openDatabase({ databaseUrl, dataDir });
  const storage = new LocalDiskStorage(path.join(dataDir, 'storage'));
  try {
    const email = `coach.${Date.now()}@example.com`;
    const user = await createUsersRepository(database.db).create({
      email,
      firstName: 'Bench',
      lastName: 'Coach',
      role: 'Coach',
      passwordHash: await createArgon2PasswordHasher().hash(PASSWORD),
      activatedAt: new Date(),
    });
    const videos = createVideosRepository(database.db);
    const start = Date.now() - VIDEO_COUNT * 86_400_000;
    for (let index = 0; index < VIDEO_COUNT; index += 1) {
      const opponent = OPPONENTS[index % OPPONENTS.length];
      const created = new Date(start + index * 86_400_000);
      const video = await videos.create({
        userId: user.id,
        title: `Week ${index + 1} vs ${opponent} - full game`,
        // every spec VideoType in turn: None, Inactivity, PlayerTracking, Both
        tools: [[], ['inactivity'], ['tracking'], ['inactivity', 'tracking']][index % 4],
        requestedTool: null,
        source: 'upload',
        status: 'ready',
        originalFileName: `week-${index + 1}-${opponent.toLowerCase()}.mp4`,
        createdAt: created,
      });
      const keys = videoKeys(user.id, video.id);
      const sourceKey = keys.source('mp4');
      await storage.put(sourceKey, Readable.from([media.clip]), { contentType: 'video/mp4' });
      await storage.put(keys.thumbnail, Readable.from([media.thumbnail]), {
        contentType: 'image/jpeg',
      });
      await videos.update(
        video.id,
        {
          description: `Press box camera, ${opponent} at home.`,
          notes: index % 3 === 0 ? 'Watch the left side on third downs.' : '',
          sourceKey,
          thumbnailKey: keys.thumbnail,
          sizeBytes: media.clip.length,
          durationSec: 2,
          width: 320,
          height: 240,
          videoCodec: 'h264',
        },
        created,
      );
    }
    // Processing requests still running: what the in-progress list shows.
    for (let index = 0; index < IN_PROGRESS_COUNT; index += 1) {
      await videos.create({
        userId: user.id,
        title: `Practice ${index + 1} - inactivity filter`,
        tools: ['inactivity'],
        requestedTool: 'inactivity',
        source: 'upload',
        status: 'ingesting',
        percentageCompleted: 10 * index,
        createdAt: new Date(Date.now() - index * 60_000),
      });
    }
    return { email };
  } finally {
    await database.close();
  }
}

async function waitForHealth(base, child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('The server exited during start-up');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The server did not become healthy within 60 s');
}

async function signIn(base, email) {
  const response = await fetch(`${base}/api/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`Login answered ${response.status}: ${await response.text()}`);
  return (await response.json()).token;
}

/** The list is what a browser gets: every video, each signed URL serving its file. */
async function checkList(base, token, endpoint) {
  const headers = { authorization: `Bearer ${token}` };
  const response = await fetch(`${base}${ENDPOINTS[endpoint]}`, { headers });
  const text = await response.text();
  if (!response.ok) throw new Error(`${endpoint} answered ${response.status}: ${text}`);
  const { videos } = JSON.parse(text);
  const expected = endpoint === 'library' ? VIDEO_COUNT : IN_PROGRESS_COUNT;
  if (videos.length !== expected) {
    throw new Error(`${endpoint} lists ${videos.length} videos, expected ${expected}`);
  }
  if (endpoint === 'library') {
    const media = await fetch(`${base}${videos[0].url}`);
    const thumbnail = await fetch(`${base}${videos[0].thumbnailUrl}`);
    if (!media.ok || !thumbnail.ok) throw new Error('A signed URL from the list serves no file');
    await Promise.all([media.arrayBuffer(), thumbnail.arrayBuffer()]);
  }
  const sizes = { json: Buffer.byteLength(text) };
  if (args.encoding !== 'identity') {
    const encoded = await new Promise((resolve, reject) => {
      const url = new URL(`${base}${ENDPOINTS[endpoint]}`);
      get(url, { headers: { ...headers, 'accept-encoding': args.encoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] }));
      }).on('error', reject);
    });
    sizes.sent = encoded.bytes;
    sizes.encoding = encoded.encoding ?? 'none';
  }
  return sizes;
}

function cpuSecondsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime (fields 14 and 15 of the whole line) in clock ticks, 100 per second on Linux
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function milliseconds(text) {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`Unreadable latency ${text}`);
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2]];
  return Number(match[1]) * scale;
}

/** One wrk run (its own process, one thread) against the endpoint; the parsed figures. */
async function drive(base, token, endpoint, seconds, serverPid) {
  const headers = ['-H', `Authorization: Bearer ${token}`];
  if (args.encoding !== 'identity') headers.push('-H', `Accept-Encoding: ${args.encoding}`);
  const load = loadavg();
  const cpuBefore = cpuSecondsOf(serverPid);
  const output = await new Promise((resolve, reject) => {
    const child = spawn(
      '/usr/bin/time',
      ['-f', 'generator-cpu %U %S', 'wrk', '-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency']
        .concat(headers)
        .concat([`${base}${ENDPOINTS[endpoint]}`]),
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`wrk failed (${code}): ${out}`)),
    );
  });
  const serverCpu = cpuSecondsOf(serverPid) - cpuBefore;
  const line = (pattern) => pattern.exec(output)?.[1];
  const requests = Number(line(/(\d+) requests in/));
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  const generatorCpu = /generator-cpu ([\d.]+) ([\d.]+)/.exec(output);
  return {
    requestsPerSecond: Number(line(/Requests\/sec:\s+([\d.]+)/)),
    p50: milliseconds(line(/\n\s+50%\s+(\S+)/)),
    p99: milliseconds(line(/\n\s+99%\s+(\S+)/)),
    errors:
      Number(line(/Non-2xx or 3xx responses: (\d+)/) ?? 0) +
      (socketErrors ? socketErrors.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0),
    serverCpuMsPerRequest: (serverCpu * 1000) / requests,
    generatorCpuMsPerRequest: generatorCpu
      ? ((Number(generatorCpu[1]) + Number(generatorCpu[2])) * 1000) / requests
      : NaN,
    load,
  };
}

function format(result) {
  const load = result.load.map((value) => value.toFixed(2)).join(' ');
  return (
    `${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  ` +
    `p50 ${result.p50.toFixed(1).padStart(6)} ms  p99 ${result.p99.toFixed(1).padStart(6)} ms  ` +
    `errors ${result.errors}  server CPU ${result.serverCpuMsPerRequest.toFixed(2)} ms/req  ` +
    `wrk CPU ${result.generatorCpuMsPerRequest.toFixed(3)} ms/req  load ${load}`
  );
}

function median(results) {
  const sorted = [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

async function benchDatabase(label, adminUrl, media) {
  const database = adminUrl ? await freshDatabase(adminUrl, 'filmroom_load') : undefined;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-load-'));
  let child;
  try {
    const { email } = await seed({ dataDir, databaseUrl: database?.url, media });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const nodeArgs = args['cpu-prof']
      ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(args['cpu-prof'])]
      : [];
    child = spawn(process.execPath, [...nodeArgs, MAIN], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ROLE: 'api',
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        LOG_LEVEL: args['log-level'],
        ...(database ? { DATABASE_URL: database.url } : { DATABASE_URL: '' }),
      },
      // The request log goes where a production log would not be read: nowhere.
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForHealth(base, child);
    const token = await signIn(base, email);
    const results = {};
    for (const endpoint of endpoints) {
      const sizes = await checkList(base, token, endpoint);
      const encoded =
        sizes.sent === undefined
          ? ''
          : `, ${(sizes.sent / 1024).toFixed(1)} KB sent (${sizes.encoding})`;
      console.log(
        `${label}, ${endpoint}: GET ${ENDPOINTS[endpoint]}, ` +
          `${(sizes.json / 1024).toFixed(1)} KB JSON${encoded}`,
      );
      await drive(base, token, endpoint, 3, child.pid); // warm-up: JIT, pools, caches
      results[endpoint] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const result = await drive(base, token, endpoint, DURATION_S, child.pid);
        results[endpoint].push(result);
        console.log(`  run ${String(run).padStart(2)}: ${format(result)}`);
      }
    }
    return results;
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

async function main() {
  ensureWrk();
  const scratch = await mkdtemp(path.join(tmpdir(), 'filmroom-load-media-'));
  const media = await makeMedia(scratch);
  await rm(scratch, { recursive: true, force: true });
  const databases = [];
  if (!args['postgres-only']) databases.push(['PGlite', undefined]);
  const pgUrl = postgresUrl();
  if (pgUrl) databases.push(['PostgreSQL', pgUrl]);
  console.log(
    `load bench: ${VIDEO_COUNT} library videos, ${CONNECTIONS} connections, ${DURATION_S} s per run, ` +
      `${RUNS} run(s), Accept-Encoding: ${args.encoding}, server log level ${args['log-level']}`,
  );
  const summary = [];
  for (const [label, url] of databases) {
    const results = await benchDatabase(label, url, media);
    for (const [endpoint, runs] of Object.entries(results)) summary.push({ label, endpoint, runs });
  }
  console.log('\nsummary (best and median run by req/s)');
  let failed = false;
  for (const { label, endpoint, runs } of summary) {
    const best = runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
    console.log(`  ${label} ${endpoint}`);
    console.log(`    best:   ${format(best)}`);
    console.log(`    median: ${format(median(runs))}`);
    if (label === 'PostgreSQL') {
      const ok = best.requestsPerSecond >= TARGET.requestsPerSecond && best.p99 < TARGET.p99Ms;
      failed ||= !ok;
      console.log(
        `    target: >= ${TARGET.requestsPerSecond} req/s with p99 < ${TARGET.p99Ms} ms: ` +
          (ok ? 'met' : 'NOT met'),
      );
    }
  }
  if (failed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
