import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiPaths, ErrorNumber, UploadMessages } from '@filmroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip, multipartBody, uploadFile } from '../helpers/media.js';
import { useTestApp } from '../helpers/setup-api.js';
import { json, signedInUser } from '../helpers/test-app.js';
import { TUS_VERSION, tusClient } from '../helpers/tus-client.js';

const ctx = useTestApp({ MAX_CONCURRENT_UPLOADS_PER_USER: '2', UPLOAD_IDLE_TIMEOUT_SECONDS: '1' });
let dir = '';
let clip = Buffer.alloc(0);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-concurrent-'));
  clip = await readFile(await makeClip(path.join(dir, 'clip.mp4')));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A body sent a few bytes at a time until `finish` (sends the rest) or `abandon` (goes quiet). */
function trickle(whole: Buffer) {
  const body = new PassThrough();
  let sent = 0;
  const timer = setInterval(() => {
    if (sent < whole.length - 64) {
      body.write(whole.subarray(sent, sent + 16));
      sent += 16;
    }
  }, 100);
  return {
    body,
    finish(): void {
      clearInterval(timer);
      body.end(whole.subarray(sent));
    },
    abandon(): void {
      clearInterval(timer);
    },
  };
}

function trickledMultipart(token: string) {
  const { payload, headers } = multipartBody([
    { field: 'video', fileName: 'Trickled.mp4', content: clip },
  ]);
  const sender = trickle(payload);
  const response = ctx.testApp.app.inject({
    method: 'POST',
    url: `/api${ApiPaths.libraryFileUpload}`,
    payload: sender.body,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return { ...sender, response };
}

async function trickledPatch(token: string) {
  const tus = tusClient(ctx.testApp.app, { filename: 'Trickled.mp4' }, token);
  const location = String((await tus.create(clip.length)).headers.location);
  const sender = trickle(clip);
  const response = ctx.testApp.app.inject({
    method: 'PATCH',
    url: location,
    payload: sender.body,
    headers: {
      ...TUS_VERSION,
      authorization: `Bearer ${token}`,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': '0',
    },
  });
  return { ...sender, response };
}

describe('uploads one user sends at once', () => {
  it('are capped on both paths with a clear 429, and a finished upload frees its slot', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const first = trickledMultipart(session.token);
    const second = await trickledPatch(session.token);
    await sleep(300);

    const third = await uploadFile(ctx.testApp.app, ApiPaths.libraryFileUpload, session.token, {
      fileName: 'Third.mp4',
      content: clip,
    });
    expect(third.statusCode).toBe(429);
    expect(json(third)).toEqual({
      message: UploadMessages.tooManyAtOnce,
      errorNumber: ErrorNumber.Unknown,
    });
    const tus = tusClient(ctx.testApp.app, { filename: 'Third.mp4' }, session.token);
    const created = await tus.create(clip.length);
    expect(created.statusCode).toBe(429);
    expect(json(created).message).toBe(UploadMessages.tooManyAtOnce);

    // Another user is not held back by this one.
    const other = await signedInUser(ctx.testApp);
    const theirs = await uploadFile(
      ctx.testApp.app,
      ApiPaths.libraryFileUpload,
      other.session.token,
      {
        fileName: 'Theirs.mp4',
        content: clip,
      },
    );
    expect(theirs.statusCode).toBe(200);

    first.finish();
    second.finish();
    expect((await first.response).statusCode).toBe(200);
    expect((await second.response).statusCode).toBe(204);
    const after = await uploadFile(ctx.testApp.app, ApiPaths.libraryFileUpload, session.token, {
      fileName: 'After.mp4',
      content: clip,
    });
    expect(after.statusCode).toBe(200);
    expect((await tus.create(clip.length)).statusCode).toBe(201);
  });

  it('an abandoned upload frees its slot once it is given up for going quiet', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const uploads = [trickledMultipart(session.token), trickledMultipart(session.token)];
    await sleep(300);
    const refused = await uploadFile(ctx.testApp.app, ApiPaths.libraryFileUpload, session.token, {
      fileName: 'Refused.mp4',
      content: clip,
    });
    expect(refused.statusCode).toBe(429);

    for (const upload of uploads) upload.abandon();
    for (const upload of uploads) {
      const response = await upload.response;
      expect(response.statusCode).toBe(400);
      expect(json(response).message).toBe(UploadMessages.stalled);
    }
    const accepted = await uploadFile(ctx.testApp.app, ApiPaths.libraryFileUpload, session.token, {
      fileName: 'Accepted.mp4',
      content: clip,
    });
    expect(accepted.statusCode).toBe(200);
  });
});
