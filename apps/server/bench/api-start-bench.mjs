// Start-up cost of the api role: starts the built server with ROLE=api a few times and prints the
// time until /api/health answers and the process's RSS then, plus which heavy libraries it loaded.
//
//   npm run bench:api-start                                   (embedded PGlite)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/x npm run bench:api-start
//   BENCH_RUNS=9 npm run bench:api-start
//   node bench/api-start-bench.mjs --dist /elsewhere/apps/server/dist   (another build, e.g. an older commit)
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from './bench-support.mjs';

const { values: options } = parseArgs({ options: { dist: { type: 'string' } } });
const MAIN = options.dist
  ? path.resolve(options.dist, 'main.js')
  : fileURLToPath(new URL('../dist/main.js', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Libraries the api role has no use for; a path of one in the process's memory map means it loaded. */
const HEAVY = ['onnxruntime', 'tfjs', 'sharp'];

async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU seconds (user + system) the process has used: steadier than wall time on a busy machine. */
async function cpuSeconds(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function loadedHeavy(pid) {
  const maps = await readFile(`/proc/${pid}/maps`, 'utf8');
  return HEAVY.filter((name) => maps.includes(name));
}

async function once() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-api-bench-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      ROLE: 'api',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('The server exited during start-up');
      if (performance.now() - started > 60_000) throw new Error('No health answer within 60 s');
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const startMs = performance.now() - started;
    const startCpu = await cpuSeconds(child.pid);
    // let lazy start-up work settle before reading memory
    await new Promise((resolve) => setTimeout(resolve, 500));
    return {
      startMs,
      startCpu,
      rss: await rssMb(child.pid),
      heavy: await loadedHeavy(child.pid),
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const runs = [];
for (let i = 0; i < RUNS; i += 1) runs.push(await once());
const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
console.log(`api role (${MAIN}), ${database}, ${RUNS} starts`);
console.log(
  `  start to first health answer: median ${median(runs.map((r) => r.startMs)).toFixed(0)} ms`,
);
console.log(
  `  CPU time to that answer:      median ${median(runs.map((r) => r.startCpu)).toFixed(2)} s`,
);
console.log(
  `  RSS after start:              median ${median(runs.map((r) => r.rss)).toFixed(0)} MB`,
);
console.log(`  heavy libraries loaded:       ${runs[0].heavy.join(', ') || 'none'}`);
