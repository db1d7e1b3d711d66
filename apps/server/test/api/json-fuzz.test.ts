import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiPaths,
  TextFields,
  textFailures,
  VideoType,
  type LibraryVideo,
} from '@filmroom/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobHandlers } from '../../src/infra/queue/job-queue.js';
import { makeClip } from '../helpers/media.js';
import { useTestApp } from '../helpers/setup-api.js';
import { tusClient } from '../helpers/tus-client.js';
import { libraryVideoRow, trackingAwaitingSelection, userIdOf } from '../helpers/stored-videos.js';
import { STRONG_PASSWORD, registration, signedInUser } from '../helpers/test-app.js';

/**
 * Generated bad bodies against every JSON endpoint, with and without a session: none may answer 5xx.
 * Seeded, so a failure reproduces (FUZZ_SEED=<seed> re-runs one; fast-check prints the shrunk case).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 13_2026);
const RUNS_PER_ENDPOINT = 55;

// A multipart body busboy stalls on (CR/LF in a file name) is given up after two quiet seconds.
const ctx = useTestApp({ UPLOAD_IDLE_TIMEOUT_SECONDS: '2' });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Endpoint {
  method: Method;
  path: string;
  /** A well-formed body (or query) the fuzzer mutates, so the deeper rules get reached too. */
  template: () => Record<string, unknown>;
  /** The values go in the query string instead of a body. */
  inQuery?: boolean;
}

const ids = { library: '', entry: '' };
const session = { token: '' };

const endpoints: Endpoint[] = [
  { method: 'POST', path: ApiPaths.register, template: () => registration() },
  { method: 'POST', path: ApiPaths.login, template: () => ({ email: 'a@b.com', password: 'x' }) },
  { method: 'POST', path: ApiPaths.refreshToken, template: () => ({ refreshToken: 'r' }) },
  { method: 'POST', path: ApiPaths.logout, template: () => ({ refreshToken: 'r' }) },
  { method: 'POST', path: ApiPaths.activationResend, template: () => ({ email: 'a@b.com' }) },
  { method: 'POST', path: ApiPaths.activate, template: () => ({ token: 't' }) },
  { method: 'POST', path: ApiPaths.passwordResetRequest, template: () => ({ email: 'a@b.com' }) },
  {
    method: 'PATCH',
    path: ApiPaths.passwordResetConfirm,
    template: () => ({ token: 't', newPassword: STRONG_PASSWORD }),
  },
  {
    method: 'POST',
    path: ApiPaths.emailPreferences,
    template: () => ({ notificationsEnabled: true }),
  },
  {
    method: 'PUT',
    path: ApiPaths.myProfile,
    template: () => ({
      firstName: 'Jordan',
      lastName: 'Miles',
      email: 'a@b.com',
      phoneNumber: '555-123-4567',
      roleName: 'Player',
      roleId: 1,
    }),
  },
  {
    method: 'PUT',
    path: ApiPaths.changePassword,
    template: () => ({ oldPassword: 'wrong', newPassword: STRONG_PASSWORD }),
  },
  { method: 'POST', path: ApiPaths.addVideoToProfile, template: () => ({ videoId: ids.library }) },
  {
    method: 'POST',
    path: ApiPaths.processPlatform,
    template: () => ({
      videoType: VideoType.Inactivity,
      videoUrl: 'https://youtu.be/abcdefgh',
    }),
  },
  {
    method: 'POST',
    path: ApiPaths.libraryPlatformUpload,
    template: () => ({ videoUrl: 'https://youtu.be/abcdefgh' }),
  },
  {
    method: 'POST',
    path: ApiPaths.libraryCopyFromCloud,
    template: () => ({ url: 'https://www.icloud.com/iclouddrive/abc123#clip' }),
  },
  {
    method: 'POST',
    path: ApiPaths.processCopyFromCloud,
    template: () => ({
      videoType: VideoType.PlayerTracking,
      url: 'https://www.icloud.com/iclouddrive/abc123#clip',
    }),
  },
  {
    method: 'POST',
    path: ApiPaths.processLibrary,
    template: () => ({ videoType: VideoType.Inactivity, videoId: ids.library }),
  },
  {
    method: 'PUT',
    path: ApiPaths.editVideo,
    template: () => ({ videoId: ids.library, title: 'Final', description: 'Game', notes: '' }),
  },
  {
    method: 'POST',
    path: ApiPaths.selectTrackingPlayers,
    template: () => ({
      videoId: ids.entry,
      title: 'Final',
      description: 'Number 7',
      notes: '',
      teamLetter: 'A',
      selectedPlayers: [7],
    }),
  },
  {
    method: 'POST',
    path: ApiPaths.errorNotificationRead,
    template: () => ({ videoId: ids.entry }),
  },
  {
    method: 'GET',
    path: ApiPaths.selectTrackingPlayers,
    template: () => ({ videoId: ids.entry }),
    inQuery: true,
  },
  {
    method: 'GET',
    path: ApiPaths.directDownload,
    template: () => ({ videoId: ids.library }),
    inQuery: true,
  },
  {
    method: 'DELETE',
    path: ApiPaths.deleteVideo,
    template: () => ({ videoId: randomUUID() }),
    inQuery: true,
  },
  {
    method: 'PUT',
    path: ApiPaths.deleteInProgressVideo,
    template: () => ({ videoId: randomUUID() }),
    inQuery: true,
  },
];

/** Nesting as JSON text: deeper than a recursive JSON.stringify could write. */
function deepJson(depth: number): string {
  return '{"a":['.repeat(depth) + '1' + ']}'.repeat(depth);
}

function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
}

const controlCharacter = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u001b',
  '\u001f',
  '\u007f',
  '\ud800',
  '\udfff',
  '\ufeff',
  '\u202e',
);
const text = fc.string({ maxLength: 30 });
const hostileString = fc.oneof(
  fc.tuple(text, controlCharacter, text).map(([a, c, b]) => a + c + b),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'a'.repeat(n)),
  fc.integer({ min: 1_000, max: 100_000 }).map((n) => `${'a'.repeat(n)}@example.com`),
  fc.constantFrom('', ' ', '\n', 'null', 'undefined', '0', '-1', 'NaN', '{}', '[]', '__proto__'),
  fc.constantFrom("' OR 1=1 --", '../../etc/passwd', '%00', '%', '😀'.repeat(500)),
);
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1e308, -0, Number.MAX_SAFE_INTEGER + 2),
  fc.double(),
  fc.integer(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(text, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.integer({ min: 50, max: 500 }).map((depth) => nested(depth, 'x')),
  fc.array(fc.integer(), { minLength: 1_000, maxLength: 20_000 }),
);

type Change = (body: Record<string, unknown>) => void;

function setField(body: Record<string, unknown>, key: string, value: unknown): void {
  // defineProperty, so '__proto__' becomes an own key as it would from JSON.parse.
  Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A mutation of the endpoint's template: fields changed, removed or added. */
const mutatedBody = (endpoint: Endpoint) => {
  const keys = fc.constantFrom(...Object.keys(endpoint.template()));
  const change: fc.Arbitrary<Change> = fc.oneof(
    // A control character inside an otherwise valid value: it passes the shape checks.
    {
      weight: 3,
      arbitrary: fc
        .tuple(keys, controlCharacter, fc.nat())
        .map(([key, character, at]): Change => (body) => {
          const current = body[key];
          const value = typeof current === 'string' ? current : JSON.stringify(current ?? '');
          const cut = at % (value.length + 1);
          setField(body, key, value.slice(0, cut) + character + value.slice(cut));
        }),
    },
    {
      weight: 3,
      arbitrary: fc.tuple(keys, badValue).map(
        ([key, value]): Change =>
          (body) =>
            setField(body, key, value),
      ),
    },
    {
      weight: 1,
      arbitrary: keys.map(
        (key): Change =>
          (body) =>
            delete body[key],
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'extra', ''), text), badValue)
        .map(
          ([key, value]): Change =>
            (body) =>
              setField(body, key, value),
        ),
    },
  );
  return fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) => {
    const body = endpoint.template();
    for (const apply of changes) apply(body);
    return JSON.stringify(body);
  });
};

/** Whole bodies of the wrong kind and text that is not JSON at all. */
const foreignBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.integer({ min: 1_000, max: 100_000 }).map((depth) => deepJson(depth)),
  fc.integer({ min: 1_000, max: 20_000 }).map((depth) => '['.repeat(depth)),
  fc.constantFrom(
    '',
    '{',
    '{"email":',
    '{"a":1,}',
    "{'email':'a@b.com'}",
    'nul',
    '\u0000',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{"email":"\\u0000"}',
    '{"email":"\\ud800"}',
    '"\\',
    '1e99999',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
  'application/json, text/plain',
  undefined,
);

/** Every UTF-8 byte percent-encoded (a lone surrogate becomes U+FFFD's bytes). */
function percentEncoded(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .join('');
}

/** The query string after `videoId=`: encoded hostile text, or raw malformed escapes. */
const queryValue = fc.oneof(
  hostileString.map((value) => percentEncoded(value.slice(0, 4_000))),
  fc.constantFrom('%00', '%ZZ', '%', '%ED%A0%80', '%C0%80', '1&videoId=2', '&videoId[]=1', '+'),
);

function callFor(endpoint: Endpoint) {
  const body = fc.record({
    payload: fc.oneof({ weight: 3, arbitrary: mutatedBody(endpoint) }, foreignBody),
    contentType,
    signedIn: fc.boolean(),
  });
  const query = fc.record({
    payload: queryValue,
    contentType: fc.constant(undefined),
    signedIn: fc.boolean(),
  });
  return endpoint.inQuery ? query : body;
}

async function send(
  endpoint: Endpoint,
  call: { payload: string; contentType: string | undefined; signedIn: boolean },
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (call.signedIn) headers.authorization = `Bearer ${session.token}`;
  if (endpoint.inQuery) {
    return ctx.testApp.app.inject({
      method: endpoint.method,
      url: `/api${endpoint.path}?videoId=${call.payload}`,
      headers,
    });
  }
  if (call.contentType) headers['content-type'] = call.contentType;
  return ctx.testApp.app.inject({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    payload: call.payload,
    headers,
  });
}

beforeAll(async () => {
  // The fuzzer checks the HTTP layer: queued jobs (imports, renders) are recorded, not run.
  ctx.testApp.jobs.use({} as JobHandlers);
  const user = await signedInUser(ctx.testApp);
  session.token = user.session.token;
  const userId = userIdOf(user.session.token);
  ids.library = (await libraryVideoRow(ctx.database.handle.db, userId)).id;
  ids.entry = (await trackingAwaitingSelection(ctx.database.handle.db, userId)).id;
});

describe('generated bad input never makes a JSON endpoint fail with 5xx', () => {
  it.each(
    endpoints.map(
      (endpoint, index) => [`${endpoint.method} ${endpoint.path}`, endpoint, index] as const,
    ),
  )('%s', async (_name, endpoint, index) => {
    await fc.assert(
      fc.asyncProperty(callFor(endpoint), async (call) => {
        const response = await send(endpoint, call);
        expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(response.json()).toMatchObject({
            message: expect.any(String),
            errorNumber: expect.any(Number),
          });
        }
      }),
      { seed: SEED + index, numRuns: RUNS_PER_ENDPOINT, endOnFailure: true },
    );
  });

  it(`covers at least 1,000 generated calls (${endpoints.length} endpoints × ${RUNS_PER_ENDPOINT})`, () => {
    expect(endpoints.length * RUNS_PER_ENDPOINT).toBeGreaterThanOrEqual(1_000);
  });
});

/** File names as a crafted client or an odd file system may send them. */
const fileName = fc
  .tuple(
    fc.oneof(
      hostileString,
      fc.constantFrom(
        'Game\u0000vs Tigers',
        'Game\r\nvs Tigers',
        '\r\n\r\n',
        '\u202eGame vs Tigers\u200f',
        '\u200b\u202a\u202b\u2066',
        '🏈🏀🏐 Final 🏆',
        '👨‍👩‍👧‍👦'.repeat(300),
        '\ud83c',
        '../../etc/passwd',
        'C:\\Users\\coach\\game',
      ),
      fc.integer({ min: 10_000, max: 12_000 }).map((n) => 'x'.repeat(n)),
    ),
    fc.constantFrom('.mp4', '.mov', '', '.MP4', '.\u0000', '.exe'),
  )
  .map(([name, extension]) => name + extension);

/** A tus Upload-Metadata value: the file name and type plus whatever else a client adds. */
const metadata = fc.record({
  filename: fileName,
  filetype: fc.oneof(fc.constantFrom('video/mp4', '', 'text/plain\r\nX: 1'), hostileString),
  extra: hostileString,
});

describe('generated file names and metadata never make an upload fail with 5xx', () => {
  const FILE_NAME_RUNS = 30;
  let clip = Buffer.alloc(0);

  beforeAll(async () => {
    clip = await readFile(await makeClip(path.join(tmpdir(), `fuzz-clip-${Date.now()}.mp4`)));
  });

  function expectAcceptedOrRefused(response: LightMyRequestResponse): void {
    expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
    const body = response.json<Partial<LibraryVideo> & { message?: string }>();
    if (response.statusCode >= 400) expect(body.message).toEqual(expect.any(String));
    else expect(textFailures(body.title, TextFields.videoTitle)).toEqual([]);
  }

  it('multipart uploads (filename* carries any character)', async () => {
    await fc.assert(
      fc.asyncProperty(fileName, fc.boolean(), async (name, extended) => {
        const boundary = '----filmroomfuzz';
        const disposition = extended
          ? `filename*=UTF-8''${encodeURIComponent(name.replace(/[\ud800-\udfff]/g, ''))}`
          : `filename="${name.replace(/["\r\n]/g, '')}"`;
        const response = await ctx.testApp.app.inject({
          method: 'POST',
          url: `/api${ApiPaths.libraryFileUpload}`,
          payload: Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="video"; ${disposition}\r\n` +
                'Content-Type: video/mp4\r\n\r\n',
            ),
            clip,
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]),
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            authorization: `Bearer ${session.token}`,
          },
        });
        expectAcceptedOrRefused(response);
      }),
      { seed: SEED, numRuns: FILE_NAME_RUNS, endOnFailure: true },
    );
  }, 150_000);

  it('resumable uploads (any Upload-Metadata)', async () => {
    await fc.assert(
      fc.asyncProperty(metadata, async (values) => {
        const tus = tusClient(ctx.testApp.app, values, session.token);
        const created = await tus.create(clip.length);
        expect(created.statusCode).toBeLessThan(500);
        if (created.statusCode !== 201) return;
        const location = String(created.headers.location);
        expect((await tus.patch(location, 0, clip)).statusCode).toBeLessThan(500);
        expectAcceptedOrRefused(await tus.complete(location.slice(location.lastIndexOf('/') + 1)));
      }),
      { seed: SEED + 1, numRuns: FILE_NAME_RUNS, endOnFailure: true },
    );
  }, 150_000);
});
