// Upload throughput and server memory: starts the built server with a temporary DATA_DIR, signs a
// user up through the outbox mail, uploads a 2 GB video (a real short MP4 followed by padding, which
// ffprobe still reads as a video) over loopback, and prints MB/s and the server's peak RSS; then
// sends the same bytes through the resumable (tus) path the browser uses and completes it.
//
//   npm run bench:upload                       (embedded PGlite, local-disk storage)
//   BENCH_DATABASE_URL=postgres://... npm run bench:upload   (a fresh database on that server)
//   BENCH_BYTES=536870912 npm run bench:upload (smaller file)
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testClip } from '@filmroom/vision-lab/testing';
import { freePort, freshDatabase } from './bench-support.mjs';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const TOTAL_BYTES = Number(process.env.BENCH_BYTES ?? 2 * 1024 ** 3);
const TARGET_MBPS = 300;
const TARGET_RSS_MB = 250;
const MB = 1024 * 1024;

function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

async function waitForHealth(base, child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('The server exited during start-up');
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The server did not become healthy within 60 s');
}

async function postJson(base, apiPath, body, token) {
  const response = await fetch(`${base}/api${apiPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${apiPath} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : {};
}

/** The activation token from the outbox mail (quoted-printable soft breaks and =3D undone). */
async function activationToken(outbox) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = (await readdir(outbox).catch(() => [])).filter((file) => file.endsWith('.eml'));
    if (files.length > 0) {
      const mail = (await readFile(path.join(outbox, files[0]), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const token = /\/activate\?[^\s"]*?token=([\w%.-]+)/.exec(mail)?.[1];
      if (token) return decodeURIComponent(token);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('No activation mail in the outbox');
}

async function signIn(base, dataDir) {
  const email = `bench.${Date.now()}@example.com`;
  const password = 'Bench!Pass1';
  await postJson(base, '/security/register', {
    firstName: 'Bench',
    lastName: 'Mark',
    email,
    phoneNumber: '',
    roleName: 'Coach',
    password,
  });
  await postJson(base, '/security/account/activate', {
    token: await activationToken(path.join(dataDir, 'outbox')),
  });
  return (await postJson(base, '/security/login', { email, password })).token;
}

/** A real short MP4 from the repo's cached test films. */
async function makeClip() {
  return readFileSync(await testClip({ seconds: 2 }));
}

/** Streams the multipart body with backpressure; resolves with the JSON answer and the seconds taken. */
function upload(base, token, clip, totalBytes) {
  const boundary = `----filmroombench${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="bench.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const fileBytes = Math.max(totalBytes, clip.length);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request(`${base}/api/videos/library/cloud-upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + fileBytes + tail.length,
      },
    });
    req.on('error', reject);
    req.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        if (response.statusCode !== 200) {
          reject(new Error(`Upload answered ${response.statusCode}: ${body}`));
          return;
        }
        resolve({ seconds, video: JSON.parse(body) });
      });
    });
    req.write(head);
    pumpFile(req, clip, fileBytes, tail);
  });
}

/** Writes `fileBytes` (the clip, then zeros) to `req` with backpressure, then ends it with `tail`. */
function pumpFile(req, clip, fileBytes, tail = Buffer.alloc(0)) {
  const padding = Buffer.alloc(4 * MB);
  req.write(clip);
  let left = fileBytes - clip.length;
  const pump = () => {
    while (left > 0) {
      const chunk = left >= padding.length ? padding : padding.subarray(0, left);
      left -= chunk.length;
      if (!req.write(chunk)) {
        req.once('drain', pump);
        return;
      }
    }
    req.end(tail);
  };
  pump();
}

/** One tus request; resolves with the status, headers and body. */
function tusRequest(url, method, headers, body) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { 'tus-resumable': '1.0.0', ...headers } });
    req.on('error', reject);
    req.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, text }),
      );
    });
    if (body) body(req);
    else req.end();
  });
}

/**
 * The browser's path: create a tus upload, send the whole file in one PATCH, then complete it into
 * a library video. Resolves with the seconds of the transfer and of the completion.
 */
async function uploadResumable(base, token, clip, totalBytes) {
  const fileBytes = Math.max(totalBytes, clip.length);
  const auth = { authorization: `Bearer ${token}` };
  const started = process.hrtime.bigint();
  const created = await tusRequest(`${base}/api/uploads/resumable`, 'POST', {
    ...auth,
    'upload-length': String(fileBytes),
    'upload-metadata': `filename ${Buffer.from('bench-tus.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`,
  });
  if (created.status !== 201)
    throw new Error(`tus create answered ${created.status}: ${created.text}`);
  const location = `${base}${created.headers.location}`;
  const patched = await tusRequest(
    location,
    'PATCH',
    {
      ...auth,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': '0',
      'content-length': String(fileBytes),
    },
    (req) => pumpFile(req, clip, fileBytes),
  );
  if (patched.status !== 204)
    throw new Error(`tus PATCH answered ${patched.status}: ${patched.text}`);
  const sent = process.hrtime.bigint();
  const id = location.slice(location.lastIndexOf('/') + 1);
  const video = await postJson(base, `/uploads/resumable/${id}/complete`, { uploadKind: 3 }, token);
  const done = process.hrtime.bigint();
  return {
    transferSeconds: Number(sent - started) / 1e9,
    completeSeconds: Number(done - sent) / 1e9,
    video,
  };
}

/** Seconds until the worker (pg-boss) has ingested the video: its thumbnail shows in the library. */
async function waitForIngest(base, token, videoId) {
  const started = Date.now();
  while (Date.now() - started < 120_000) {
    const response = await fetch(`${base}/api/videos/library/get-videos`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { videos } = await response.json();
    if (videos.find((video) => video.id === videoId)?.thumbnailUrl) {
      return (Date.now() - started) / 1000;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The video was not ingested within 120 s');
}

async function main() {
  const database = process.env.BENCH_DATABASE_URL
    ? await freshDatabase(process.env.BENCH_DATABASE_URL, 'filmroom_bench')
    : undefined;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let peakSampled = 0;
  const sampler = setInterval(() => {
    try {
      peakSampled = Math.max(peakSampled, memoryOf(child.pid).rss);
    } catch {
      // the process is gone
    }
  }, 100);
  try {
    await waitForHealth(base, child);
    const token = await signIn(base, dataDir);
    const clip = await makeClip();
    const idle = memoryOf(child.pid);
    const { seconds, video } = await upload(base, token, clip, TOTAL_BYTES);
    const after = memoryOf(child.pid);
    const ingestSeconds = await waitForIngest(base, token, video.id);
    const mbPerSecond = TOTAL_BYTES / MB / seconds;
    const peak = Math.max(after.hwm, peakSampled);
    const driver = database ? 'PostgreSQL' : 'embedded PGlite';
    console.log(`upload bench (${driver}, local-disk storage)`);
    console.log(`  uploaded:      ${(TOTAL_BYTES / MB).toFixed(0)} MB in ${seconds.toFixed(2)} s`);
    console.log(`  throughput:    ${mbPerSecond.toFixed(0)} MB/s (target >= ${TARGET_MBPS})`);
    console.log(`  server RSS:    ${idle.rss.toFixed(0)} MB idle before the upload`);
    console.log(`  peak RSS:      ${peak.toFixed(0)} MB (VmHWM; target < ${TARGET_RSS_MB})`);
    console.log(`  video:         ${video.id} "${video.title}"`);
    console.log(`  ingested:      thumbnail ready ${ingestSeconds.toFixed(1)} s after the answer`);
    const resumable = await uploadResumable(base, token, clip, TOTAL_BYTES);
    const resumablePeak = Math.max(memoryOf(child.pid).hwm, peakSampled);
    const resumableSeconds = resumable.transferSeconds + resumable.completeSeconds;
    const resumableMbps = TOTAL_BYTES / MB / resumableSeconds;
    console.log(
      `  resumable:     ${resumableMbps.toFixed(0)} MB/s (tus transfer ${resumable.transferSeconds.toFixed(2)} s` +
        ` + completion ${resumable.completeSeconds.toFixed(2)} s), peak RSS ${resumablePeak.toFixed(0)} MB`,
    );
    await waitForIngest(base, token, resumable.video.id);
    const verdict = (mbps, rss) =>
      mbps >= TARGET_MBPS && rss < TARGET_RSS_MB ? 'within' : 'OUTSIDE';
    console.log(
      `  result:        multipart ${verdict(mbPerSecond, peak)} targets, ` +
        `resumable ${verdict(resumableMbps, resumablePeak)} targets`,
    );
  } finally {
    clearInterval(sampler);
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
    await rm(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
