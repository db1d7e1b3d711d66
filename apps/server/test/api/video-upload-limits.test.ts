import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiPaths,
  ErrorNumber,
  UploadMessages,
  uploadTooLargeMessage,
  type LibraryVideo,
} from '@filmroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../src/infra/db/schema.js';
import { filesUnder, makeClip } from '../helpers/media.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { signedInUser, startTestApp, type TestApp } from '../helpers/test-app.js';

const IDLE_SECONDS = 1;
const MAX_UPLOAD_BYTES = 256 * 1024;
const BOUNDARY = 'filmroom-test-boundary';

let dir = '';
let clip = Buffer.alloc(0);
let database: TestDatabase;
let testApp: TestApp;
let port = 0;
let token = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-upload-limits-'));
  clip = await readFile(await makeClip(path.join(dir, 'clip.mp4')));
  database = await createTestDatabase();
  testApp = await startTestApp(database.handle.db, {
    env: {
      UPLOAD_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS),
      MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES),
    },
  });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  port = (testApp.app.server.address() as { port: number }).port;
  token = (await signedInUser(testApp)).session.token;
});

afterAll(async () => {
  await testApp?.close();
  await database?.destroy();
  await rm(dir, { recursive: true, force: true });
});

function filePart(field: string, fileName: string, content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: video/mp4\r\n\r\n',
    ),
    content,
    Buffer.from('\r\n'),
  ]);
}

const closing = Buffer.from(`--${BOUNDARY}--\r\n`);

function requestHead(headers: Record<string, string>): Buffer {
  const lines = [
    `POST /api${ApiPaths.libraryFileUpload} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    `Authorization: Bearer ${token}`,
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
}

interface RawAnswer {
  status: number;
  body: string;
  /** Milliseconds from the first byte sent to the end of the answer. */
  tookMs: number;
  /**
   * The server closed the connection while the client was still sending: the client's next write
   * fails (EPIPE/ECONNRESET) and an answer already sent can be lost with the reset.
   */
  cutOff?: boolean;
}

/**
 * Sends a request over a real socket, chunk by chunk with pauses, the way a slow or stuck client
 * does, and reads the answer (or gives up after `giveUpMs`).
 */
function sendRaw(
  chunks: { data: Buffer; pauseMs?: number }[],
  options: { giveUpMs: number; keepOpen?: boolean; endless?: Buffer },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let done = false;
    const finish = (error?: Error, cutOff = false): void => {
      if (done) return;
      done = true;
      clearTimeout(giveUp);
      socket.destroy();
      if (error) {
        reject(error);
        return;
      }
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0);
      resolve({
        status,
        body: body.replace(/^[0-9a-f]+\r\n|\r\n0\r\n\r\n$/g, ''),
        tookMs: Date.now() - started,
        ...(cutOff ? { cutOff } : {}),
      });
    };
    const giveUp = setTimeout(
      () => finish(new Error(`No answer within ${options.giveUpMs} ms`)),
      options.giveUpMs,
    );
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => {
      answer += text;
      if (/\r\n\r\n/.test(answer) && /}\s*(\r\n0\r\n\r\n)?$/.test(answer)) finish();
    });
    socket.on('end', () => finish());
    socket.on('error', (error: NodeJS.ErrnoException) => {
      const isCutOff = error.code === 'EPIPE' || error.code === 'ECONNRESET';
      if (answer || isCutOff) finish(undefined, isCutOff);
      else finish(error);
    });
    void (async () => {
      for (const chunk of chunks) {
        if (done) return;
        socket.write(chunk.data);
        if (chunk.pauseMs) await new Promise((wait) => setTimeout(wait, chunk.pauseMs));
      }
      const endless = options.endless;
      while (endless && !done && socket.writable) {
        await new Promise((wait) => socket.write(endless, wait));
      }
    })();
  });
}

/** Temporary files left once background work is done (an accepted upload's ingest uses tmp/ too). */
async function tmpFiles(): Promise<string[]> {
  await testApp.jobs.idle();
  return filesUnder(path.join(testApp.dataDir, 'tmp'));
}

async function rowCount(): Promise<number> {
  return (await database.handle.db.select({ id: videos.id }).from(videos)).length;
}

describe('an upload whose client stops sending', () => {
  it('answers 400 once the body has been quiet for UPLOAD_IDLE_TIMEOUT_SECONDS and keeps no temporary file', async () => {
    const rowsBefore = await rowCount();
    const part = filePart('video', 'stuck.mp4', clip.subarray(0, 1024));
    const declared = part.length + 10 * 1024;

    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        sendRaw(
          [
            { data: requestHead({ 'Content-Length': String(declared) }) },
            // Header and the first kilobyte of the file, then nothing more.
            { data: part.subarray(0, part.length - 2) },
          ],
          { giveUpMs: IDLE_SECONDS * 1000 + 8000 },
        ),
      ),
    );

    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({
        message: UploadMessages.stalled,
        errorNumber: ErrorNumber.Unknown,
      });
      expect(answer.tookMs).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000 - 100);
    }
    expect(await tmpFiles()).toEqual([]);
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('does not cut a slow upload that keeps sending, however long it takes', async () => {
    const body = Buffer.concat([filePart('video', 'slow link.mp4', clip), closing]);
    const pieces = 6;
    const size = Math.ceil(body.length / pieces);
    const chunks = Array.from({ length: pieces }, (_, index) => ({
      data: body.subarray(index * size, (index + 1) * size),
      // Each pause is well under the idle limit; together they last several times longer.
      pauseMs: IDLE_SECONDS * 600,
    }));

    const answer = await sendRaw(
      [{ data: requestHead({ 'Content-Length': String(body.length) }) }, ...chunks],
      { giveUpMs: 20_000 },
    );

    expect(answer.status).toBe(200);
    expect(answer.tookMs).toBeGreaterThan(IDLE_SECONDS * 1000 * 2);
    expect(JSON.parse(answer.body) as LibraryVideo).toMatchObject({ title: 'slow link' });
    expect(await tmpFiles()).toEqual([]);
  });
});

describe('an upload body without an end', () => {
  it('that keeps sending past the upload limit is refused with 413 (or cut off) and keeps no temporary file', async () => {
    const answer = await sendRaw(
      [
        { data: requestHead({ 'Transfer-Encoding': 'chunked' }) },
        {
          data: chunk(
            Buffer.concat([filePart('video', 'small.mp4', clip.subarray(0, 4096)), closing]),
          ),
        },
      ],
      // After the closing boundary the client keeps sending data that belongs to no part.
      { giveUpMs: 15_000, endless: chunk(Buffer.alloc(64 * 1024, 0x20)) },
    );

    // The server answers 413 and closes; a client that never stops sending can lose that answer
    // to the reset that follows. Either way the server refused it well before the 15 s give-up.
    if (answer.cutOff && answer.status === 0) {
      expect(answer.body).toBe('');
    } else {
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        message: uploadTooLargeMessage(MAX_UPLOAD_BYTES),
        errorNumber: ErrorNumber.Unknown,
      });
    }
    expect(await tmpFiles()).toEqual([]);
  });
});

function chunk(data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
}

describe('multipart bodies that cannot be read as one video', () => {
  /** Over a real socket: the parser meets the body the way it comes from a browser. */
  async function upload(
    payload: Buffer,
    contentType = `multipart/form-data; boundary=${BOUNDARY}`,
  ) {
    const response = await fetch(`http://127.0.0.1:${port}/api${ApiPaths.libraryFileUpload}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body: payload,
    });
    return { statusCode: response.status, body: (await response.json()) as unknown };
  }

  it.each([
    [
      'without a boundary',
      () =>
        upload(Buffer.concat([filePart('video', 'a.mp4', clip), closing]), 'multipart/form-data'),
      UploadMessages.notMultipart,
    ],
    [
      'cut short in the middle of the file',
      () => upload(filePart('video', 'a.mp4', clip).subarray(0, 2000)),
      UploadMessages.cutShort,
    ],
    [
      'with two files',
      () =>
        upload(
          Buffer.concat([
            filePart('video', 'first.mp4', clip),
            filePart('video', 'second.mp4', clip),
            closing,
          ]),
        ),
      UploadMessages.oneFileOnly,
    ],
    [
      'with a second file in another field',
      () =>
        upload(
          Buffer.concat([
            filePart('video', 'first.mp4', clip),
            filePart('poster', 'poster.mp4', clip.subarray(0, 100)),
            closing,
          ]),
        ),
      UploadMessages.oneFileOnly,
    ],
  ])('%s answers 400 saying what is wrong and stores nothing', async (_, send, message) => {
    const rowsBefore = await rowCount();

    const response = await send();

    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ message, errorNumber: ErrorNumber.Unknown });
    expect(await rowCount()).toBe(rowsBefore);
    expect(await tmpFiles()).toEqual([]);
  });
});
