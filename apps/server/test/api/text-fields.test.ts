import {
  ApiPaths,
  ErrorNumber,
  Messages,
  TextFields,
  TextLimits,
  badCharactersMessage,
  passwordTooLongMessage,
  tooLongMessage,
  type LibraryVideo,
  type MyProfileResponse,
} from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/setup-api.js';
import { libraryVideoRow, trackingAwaitingSelection, userIdOf } from '../helpers/stored-videos.js';
import { json, registration, signedInUser, uniqueEmail } from '../helpers/test-app.js';

const ctx = useTestApp();
const NUL = '\u0000';

function expectRejected(response: { statusCode: number; body: string }, message: string) {
  expect(response.statusCode).toBe(400);
  const body = json<{ message: string; errorNumber: number; errors?: string[] }>(response as never);
  expect(body.errorNumber).toBe(ErrorNumber.Unknown);
  expect(body.errors ?? [body.message]).toContain(message);
}

describe('a NUL character in a stored text field answers 400 and stores nothing', () => {
  it.each([
    ['first name', { firstName: `Jo${NUL}rdan` }, badCharactersMessage(TextFields.firstName)],
    ['last name', { lastName: `Mi${NUL}les` }, badCharactersMessage(TextFields.lastName)],
    ['e-mail', { email: `nul${NUL}${uniqueEmail()}` }, badCharactersMessage(TextFields.email)],
  ])('registration with one in the %s', async (_field, change, message) => {
    const body = registration(change);

    const response = await ctx.api.post(ApiPaths.register, body);

    expectRejected(response, message);
    expect((await ctx.testApp.mails()).filter((mail) => mail.to.includes('nul'))).toEqual([]);
  });

  it.each([
    [ApiPaths.login, { email: `a${NUL}@example.com`, password: 'x' }],
    [ApiPaths.passwordResetRequest, { email: `a${NUL}@example.com` }],
    [ApiPaths.activationResend, { email: `a${NUL}@example.com` }],
  ])('%s with one in the e-mail', async (path, body) => {
    expectRejected(await ctx.api.post(path, body), badCharactersMessage(TextFields.email));
  });

  it.each([
    [
      ApiPaths.libraryPlatformUpload,
      { videoUrl: `https://youtu.be/abcdefgh${NUL}x` },
      Messages.invalidPlatformLink,
    ],
    [
      ApiPaths.libraryCopyFromCloud,
      { url: `https://www.icloud.com/iclouddrive/abc#x${NUL}` },
      Messages.invalidICloudLink,
    ],
  ])('%s with one in the link is not a link', async (path, body, message) => {
    const user = await signedInUser(ctx.testApp);

    const response = await ctx.api.post(path, body, user.session.token);

    expectRejected(response, message);
    expect(
      json<{ videos: unknown[] }>(await ctx.api.get(ApiPaths.inProgressVideos, user.session.token))
        .videos,
    ).toEqual([]);
  });

  it.each([
    ['firstName', TextFields.firstName],
    ['lastName', TextFields.lastName],
  ] as const)('the profile with one in %s keeps the saved profile', async (field, rule) => {
    const user = await signedInUser(ctx.testApp);
    const profile = {
      firstName: 'Jordan',
      lastName: 'Miles',
      phoneNumber: '5551234567',
      roleName: 'Player',
    };

    const response = await ctx.api.put(
      ApiPaths.myProfile,
      { ...profile, [field]: `x${NUL}y` },
      user.session.token,
    );

    expectRejected(response, badCharactersMessage(rule));
    const saved = json<MyProfileResponse>(
      await ctx.api.get(ApiPaths.myProfile, user.session.token),
    );
    expect(saved).toMatchObject({ firstName: 'Jordan', lastName: 'Miles' });
  });

  it.each([
    ['title', TextFields.videoTitle],
    ['description', TextFields.videoDescription],
    ['notes', TextFields.notes],
  ] as const)('editing a video with one in its %s keeps its details', async (field, rule) => {
    const user = await signedInUser(ctx.testApp);
    const video = await libraryVideoRow(ctx.database.handle.db, userIdOf(user.session.token));
    const details = { videoId: video.id, title: 'Final', description: 'Fourth quarter', notes: '' };

    const response = await ctx.api.put(
      ApiPaths.editVideo,
      { ...details, [field]: `x${NUL}y` },
      user.session.token,
    );

    expectRejected(response, badCharactersMessage(rule));
    const [listed] = json<{ videos: LibraryVideo[] }>(
      await ctx.api.get(ApiPaths.libraryVideos, user.session.token),
    ).videos;
    expect(listed).toMatchObject({ title: 'Stored film', description: '', notes: '' });
  });

  it.each([
    ['title', TextFields.videoTitle],
    ['description', TextFields.videoDescription],
    ['notes', TextFields.notes],
  ] as const)(
    'selecting players with one in the %s leaves the selection open',
    async (field, rule) => {
      const user = await signedInUser(ctx.testApp);
      const entry = await trackingAwaitingSelection(
        ctx.database.handle.db,
        userIdOf(user.session.token),
      );
      const selection = {
        videoId: entry.id,
        title: 'Final',
        description: 'Number 7',
        notes: '',
        teamLetter: 'A',
        selectedPlayers: [7],
      };

      const response = await ctx.api.post(
        ApiPaths.selectTrackingPlayers,
        { ...selection, [field]: `x${NUL}y` },
        user.session.token,
      );

      expectRejected(response, badCharactersMessage(rule));
      const info = await ctx.api.get(
        `${ApiPaths.selectTrackingPlayers}?videoId=${entry.id}`,
        user.session.token,
      );
      expect(info.statusCode).toBe(200);
    },
  );
});

describe('text fields have caps from the contract', () => {
  it('an e-mail of 3,000 characters is refused with a clear message, not a server error', async () => {
    const email = `${'a'.repeat(3000)}@example.com`;

    const registered = await ctx.api.post(ApiPaths.register, registration({ email }));
    const loggedIn = await ctx.api.post(ApiPaths.login, { email, password: 'x' });

    expectRejected(registered, tooLongMessage(TextFields.email));
    expectRejected(loggedIn, tooLongMessage(TextFields.email));
  });

  it('names, video details and new passwords are accepted up to their cap and refused past it', async () => {
    const atCap = registration({
      firstName: 'F'.repeat(TextLimits.name),
      lastName: 'L'.repeat(TextLimits.name),
    });
    expect((await ctx.api.post(ApiPaths.register, atCap)).statusCode).toBe(201);
    const tooLong = await ctx.api.post(
      ApiPaths.register,
      registration({
        firstName: 'F'.repeat(TextLimits.name + 1),
        password: `Aa1!${'x'.repeat(TextLimits.password)}`,
      }),
    );
    expect(json(tooLong)).toEqual({
      message: tooLongMessage(TextFields.firstName),
      errorNumber: ErrorNumber.Unknown,
      errors: [tooLongMessage(TextFields.firstName), passwordTooLongMessage()],
    });

    const user = await signedInUser(ctx.testApp);
    const video = await libraryVideoRow(ctx.database.handle.db, userIdOf(user.session.token));
    const edit = (title: string, description: string, notes: string) =>
      ctx.api.put(
        ApiPaths.editVideo,
        { videoId: video.id, title, description, notes },
        user.session.token,
      );
    const longest = await edit(
      'T'.repeat(TextLimits.videoTitle),
      'D'.repeat(TextLimits.videoDescription - 1) + '\n',
      `line one\n\tline two${'N'.repeat(TextLimits.notes - 18)}`,
    );
    expect(longest.statusCode).toBe(200);
    const over = await edit(
      'T'.repeat(TextLimits.videoTitle + 1),
      'D'.repeat(TextLimits.videoDescription + 1),
      'N'.repeat(TextLimits.notes + 1),
    );
    expect(json(over)).toMatchObject({
      errors: [
        tooLongMessage(TextFields.videoTitle),
        tooLongMessage(TextFields.videoDescription),
        tooLongMessage(TextFields.notes),
      ],
    });
  });

  it('keeps the spec messages first and in their order when a cap fails too', async () => {
    const response = await ctx.api.post(ApiPaths.register, {
      firstName: '',
      lastName: 'L'.repeat(TextLimits.name + 1),
      email: 'not-an-email',
      roleName: '',
      password: 'weak',
    });

    expect(json(response)).toMatchObject({
      message: Messages.firstNameRequired,
      errors: [
        Messages.firstNameRequired,
        tooLongMessage(TextFields.lastName),
        Messages.invalidEmail,
        Messages.roleRequired,
        Messages.passwordComplexity,
      ],
    });
  });
});
