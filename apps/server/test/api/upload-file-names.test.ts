import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiPaths,
  TextFields,
  TextLimits,
  textFailures,
  type LibraryVideo,
  type VideosResponse,
} from '@filmroom/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../src/infra/db/schema.js';
import { libraryVideoRow, userIdOf } from '../helpers/stored-videos.js';
import { filesUnder, makeClip } from '../helpers/media.js';
import { useTestApp } from '../helpers/setup-api.js';
import { json, signedInUser } from '../helpers/test-app.js';
import { tusClient } from '../helpers/tus-client.js';

// A multipart body the parser stalls on is given up quickly here.
const ctx = useTestApp({ UPLOAD_IDLE_TIMEOUT_SECONDS: '2' });
let dir = '';
let clip = Buffer.alloc(0);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-names-'));
  clip = await readFile(await makeClip(path.join(dir, 'clip.mp4')));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * A multipart upload whose file name travels as RFC 5987 `filename*` (percent-encoded UTF-8), so
 * any character, CR/LF and NUL included, reaches the server as the browser's file name.
 */
function uploadNamed(token: string, fileName: string) {
  const boundary = '----filmroomnames';
  const encoded = encodeURIComponent(fileName);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename*=UTF-8''${encoded}\r\n` +
        'Content-Type: video/mp4\r\n\r\n',
    ),
    clip,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.testApp.app.inject({
    method: 'POST',
    url: `/api${ApiPaths.libraryFileUpload}`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
  });
}

/** Folders under local storage with nothing in them (an upload that failed must leave none). */
async function emptyStorageFolders(): Promise<string[]> {
  const root = path.join(ctx.testApp.dataDir, 'storage');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const empty: string[] = [];
  for (const entry of entries.filter((e) => e.isDirectory())) {
    const folder = path.join(entry.parentPath, entry.name);
    if ((await readdir(folder)).length === 0) empty.push(path.relative(root, folder));
  }
  return empty;
}

const NAMES: [string, string, string][] = [
  ['a NUL', 'Game\u0000vs Tigers.mp4', 'Game vs Tigers'],
  ['tabs and DEL', '\tGame\u007f vs Tigers.mov', 'Game vs Tigers'],
  ['right-to-left marks', '\u202eGame vs Tigers\u200f.mp4', '\u202eGame vs Tigers\u200f'],
  ['emoji', '🏈 Game vs Tigers 🏆.mp4', '🏈 Game vs Tigers 🏆'],
];

describe('titles taken from uploaded file names', () => {
  it.each(NAMES)(
    'a name with %s becomes a title the edit rule accepts, on both upload paths',
    async (_label, fileName, title) => {
      const { session } = await signedInUser(ctx.testApp);
      const multipart = await uploadNamed(session.token, fileName);
      expect(multipart.statusCode).toBe(200);
      expect(json<LibraryVideo>(multipart).title).toBe(title);

      const tus = tusClient(
        ctx.testApp.app,
        { filename: fileName, filetype: 'video/mp4' },
        session.token,
      );
      const created = await tus.create(clip.length);
      expect(created.statusCode).toBe(201);
      const location = String(created.headers.location);
      expect((await tus.patch(location, 0, clip)).statusCode).toBe(204);
      const completed = await tus.complete(location.slice(location.lastIndexOf('/') + 1));
      expect(completed.statusCode).toBe(200);
      expect(json<LibraryVideo>(completed).title).toBe(title);

      const listed = json<VideosResponse<LibraryVideo>>(
        await ctx.api.get(ApiPaths.libraryVideos, session.token),
      );
      for (const video of listed.videos) {
        expect(textFailures(video.title, TextFields.videoTitle)).toEqual([]);
      }
    },
  );

  it('a name with CR/LF becomes a title the edit rule accepts (resumable), or is refused with 400 (multipart)', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const fileName = 'Game\r\nvs\rTigers.mp4';
    const tus = tusClient(ctx.testApp.app, { filename: fileName }, session.token);
    const location = String((await tus.create(clip.length)).headers.location);
    await tus.patch(location, 0, clip);
    const completed = await tus.complete(location.slice(location.lastIndexOf('/') + 1));
    expect(completed.statusCode).toBe(200);
    expect(json<LibraryVideo>(completed).title).toBe('Game vs Tigers');

    // Browsers escape CR/LF in a multipart file name; busboy drops a part whose name holds them.
    const multipart = await uploadNamed(session.token, fileName);
    expect(multipart.statusCode).toBe(400);
  });

  it('a 10 KB name is cut to the title cap without splitting a character', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const fileName = `${'🏈'.repeat(5_000)}.mp4`;
    const response = await uploadNamed(session.token, fileName);
    expect(response.statusCode).toBe(200);
    const { title } = json<LibraryVideo>(response);
    expect(title.length).toBeLessThanOrEqual(TextLimits.videoTitle);
    expect(title).toBe('🏈'.repeat(TextLimits.videoTitle / 2));
    expect(textFailures(title, TextFields.videoTitle)).toEqual([]);
  });
});

describe('a resumable completion that fails on the server side', () => {
  it('keeps the upload for a retry and leaves nothing in storage, not even a folder', async () => {
    const { session } = await signedInUser(ctx.testApp);
    const tus = tusClient(ctx.testApp.app, { filename: 'Retry me.mp4' }, session.token);
    const created = await tus.create(clip.length);
    const location = String(created.headers.location);
    const uploadId = location.slice(location.lastIndexOf('/') + 1);
    await tus.patch(location, 0, clip);

    // Another user's row already holds the id the video would get: the insert fails.
    const other = await signedInUser(ctx.testApp);
    const db = ctx.database.handle.db;
    const blocker = await libraryVideoRow(db, userIdOf(other.session.token));
    await db.update(videos).set({ id: uploadId }).where(eq(videos.id, blocker.id));

    const failed = await tus.complete(uploadId);
    expect(failed.statusCode).toBe(500);
    const ownFolder = path.join('videos', userIdOf(session.token));
    expect(
      (await filesUnder(path.join(ctx.testApp.dataDir, 'storage'))).filter((file) =>
        file.startsWith(ownFolder),
      ),
    ).toEqual([]);
    expect(await emptyStorageFolders()).toEqual([]);
    const kept = await tus.head(location);
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['upload-offset']).toBe(String(clip.length));

    await db.delete(videos).where(eq(videos.id, uploadId));
    const retried = await tus.complete(uploadId);
    expect(retried.statusCode).toBe(200);
    expect(json<LibraryVideo>(retried).title).toBe('Retry me');
  });
});
