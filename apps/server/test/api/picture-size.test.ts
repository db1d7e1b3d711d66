import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiPaths,
  ErrorNumber,
  pictureTooLargeMessage,
  type VideosResponse,
  type LibraryVideo,
} from '@filmroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, makeOversizedPictureClip, uploadFile } from '../helpers/media.js';
import { useTestApp } from '../helpers/setup-api.js';
import { json, signedInUser } from '../helpers/test-app.js';
import { tusClient } from '../helpers/tus-client.js';

const ctx = useTestApp();
const LIMIT = { width: 7680, height: 4320 };
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-picture-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a video whose picture is larger than MAX_VIDEO_WIDTH x MAX_VIDEO_HEIGHT', () => {
  it.each([
    [16000, 12000],
    [8000, 1000],
  ])(
    '(%ix%i) is refused at intake on both paths with 415 naming the sizes',
    async (width, height) => {
      const { session } = await signedInUser(ctx.testApp);
      const film = await readFile(
        await makeOversizedPictureClip(path.join(dir, `${width}x${height}.mov`), width, height),
      );
      const expected = {
        message: pictureTooLargeMessage({ width, height }, LIMIT),
        errorNumber: ErrorNumber.Unknown,
      };

      const multipart = await uploadFile(
        ctx.testApp.app,
        ApiPaths.libraryFileUpload,
        session.token,
        {
          fileName: 'Giant.mov',
          content: film,
        },
      );
      expect(multipart.statusCode).toBe(415);
      expect(json(multipart)).toEqual(expected);

      const tus = tusClient(ctx.testApp.app, { filename: 'Giant.mov' }, session.token);
      const location = String((await tus.create(film.length)).headers.location);
      await tus.patch(location, 0, film);
      const completed = await tus.complete(location.slice(location.lastIndexOf('/') + 1));
      expect(completed.statusCode).toBe(415);
      expect(json(completed)).toEqual(expected);

      const library = json<VideosResponse<LibraryVideo>>(
        await ctx.api.get(ApiPaths.libraryVideos, session.token),
      );
      expect(library.videos).toEqual([]);
      expect(await filesUnder(path.join(ctx.testApp.dataDir, 'storage'))).toEqual([]);
    },
  );

  it('names the limit a smaller configuration sets', async () => {
    const small = await import('../helpers/test-app.js').then(({ startTestApp }) =>
      startTestApp(ctx.database.handle.db, {
        env: { MAX_VIDEO_WIDTH: '1280', MAX_VIDEO_HEIGHT: '720' },
      }),
    );
    try {
      const { session } = await signedInUser(small);
      const film = await readFile(
        await makeOversizedPictureClip(path.join(dir, '1920x1080.mov'), 1920, 1080),
      );
      const response = await uploadFile(small.app, ApiPaths.libraryFileUpload, session.token, {
        fileName: 'Full HD.mov',
        content: film,
      });
      expect(response.statusCode).toBe(415);
      expect(json(response).message).toBe(
        pictureTooLargeMessage({ width: 1920, height: 1080 }, { width: 1280, height: 720 }),
      );
    } finally {
      await small.close();
    }
  });
});
