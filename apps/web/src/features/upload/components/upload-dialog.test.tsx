import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  onTestFinished,
} from 'vitest';
import {
  ApiPaths,
  ICLOUD_LINK_PLACEHOLDER,
  Messages,
  notAVideoFileMessage,
  notAVideoMessage,
  NEW_IN_PROGRESS_PERCENTAGE,
  PLATFORM_LINK_PLACEHOLDER,
  VideoType,
  type InProgressVideo,
  type LibraryVideo,
} from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';
import { startTestApi, type TestApi } from '../../../test/api-server.js';
import { installBlobStream } from '../../../test/blob-stream.js';
import { renderApp, toastTexts } from '../../../test/render-app.js';
import { inProgressVideo, libraryVideo } from '../../../test/videos.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const afterBanner = () => new Date('2026-01-01T00:00:00Z');
const ICLOUD = 'https://www.icloud.com/iclouddrive/0a1b2c3d4e5f#game';
const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

function serveLists(library: LibraryVideo[] = [], inProgress: InProgressVideo[] = []) {
  api.on(`GET ${ApiPaths.libraryVideos}`, { body: { videos: library } });
  api.on(`GET ${ApiPaths.inProgressVideos}`, { body: { videos: inProgress } });
}

function renderHome() {
  return renderApp({
    path: '/',
    apiBaseUrl: api.baseUrl,
    signedInAs: ['Coach'],
    clock: afterBanner,
  });
}

type App = ReturnType<typeof renderHome>;

async function openUpload(app: App, label: string) {
  const area = screen.getByRole('region', { name: 'Upload a video to edit' });
  await app.user.click(within(area).getByRole('button', { name: label }));
  return screen.findByRole('dialog');
}

/** A file that starts like an MP4 (an 'ftyp' box), as the dialog checks before sending. */
function videoFile(name = 'game.mp4', bytes = 64 * 1024): File {
  const content = new Uint8Array(bytes);
  content.set([0, 0, 0, 0x20, ...new TextEncoder().encode('ftypisom')]);
  return new File([content], name, { type: 'video/mp4' });
}

/** Picks a file on the device and waits until the dialog has checked and accepted it. */
async function chooseFile(app: App, dialog: HTMLElement, file: File) {
  await app.user.upload(within(dialog).getByLabelText('Upload from device'), file);
  await within(dialog).findByText(file.name);
}

/** Pastes like a user who copied the link from the platform. */
async function paste(app: App, field: HTMLElement, text: string) {
  await app.user.click(field);
  await app.user.paste(text);
}

async function submit(app: App, dialog: HTMLElement, label: string) {
  await app.user.click(within(dialog).getByRole('button', { name: label }));
}

/** Every text the global loader shows, in order, while the test runs. */
function watchLoader(): { texts: string[]; stop(): void } {
  const texts: string[] = [];
  const observer = new MutationObserver(() => {
    const text = document.querySelector('.global-loader__text')?.textContent;
    if (text && texts.at(-1) !== text) texts.push(text);
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return { texts, stop: () => observer.disconnect() };
}

afterEach(() => {
  document.querySelectorAll('.global-loader').forEach((element) => element.remove());
});

describe('upload dialog', () => {
  it('titles, submit labels and link placeholders follow the mode', async () => {
    serveLists();
    const app = renderHome();
    const cases = [
      ['Upload to Video Library', 'Upload Video', 'Upload to Video Library'],
      ['Inactivity Filter', 'Upload Video for Inactivity Filtering', 'Run Inactivity Filter'],
      ['Player Tracking', 'Upload Video for Player Tracking', 'Run Player Tracking Filter'],
    ] as const;
    for (const [button, title, submitLabel] of cases) {
      const dialog = await openUpload(app, button);
      expect(within(dialog).getByText(title, { selector: '.p-dialog-title' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: submitLabel })).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Upload from device')).toHaveAttribute(
        'accept',
        'video/*',
      );
      expect(within(dialog).getByLabelText('iCloud link')).toHaveAttribute(
        'placeholder',
        ICLOUD_LINK_PLACEHOLDER,
      );
      expect(within(dialog).getByLabelText('YouTube, Hudl or Instagram Reel link')).toHaveAttribute(
        'placeholder',
        PLATFORM_LINK_PLACEHOLDER,
      );
      await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
  });

  it('says what is missing when nothing is chosen, per mode', async () => {
    serveLists();
    const app = renderHome();
    let dialog = await openUpload(app, 'Upload to Video Library');
    await submit(app, dialog, 'Upload to Video Library');
    await waitFor(() =>
      expect(toastTexts()).toEqual([Messages.selectVideoToUpload + Messages.orAddLink]),
    );
    expect(toastTexts()[0]).toBe('Please select a video to upload or add an ICloud/Youtube link.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openUpload(app, 'Player Tracking');
    await submit(app, dialog, 'Run Player Tracking Filter');
    await waitFor(() =>
      expect(toastTexts()).toContain(
        'Please select a video to process or add an ICloud/Youtube link.',
      ),
    );
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('refuses two sources at once and malformed links', async () => {
    serveLists();
    const app = renderHome();
    const dialog = await openUpload(app, 'Upload to Video Library');
    await chooseFile(app, dialog, videoFile());
    await paste(app, within(dialog).getByLabelText('iCloud link'), ICLOUD);
    await submit(app, dialog, 'Upload to Video Library');
    await waitFor(() => expect(toastTexts()).toEqual([Messages.onlyOneMethod]));

    await app.user.click(within(dialog).getByRole('button', { name: 'Remove file' }));
    expect(within(dialog).queryByText('game.mp4')).not.toBeInTheDocument();
    await app.user.clear(within(dialog).getByLabelText('iCloud link'));
    await paste(app, within(dialog).getByLabelText('iCloud link'), 'https://example.com/file');
    await submit(app, dialog, 'Upload to Video Library');
    await waitFor(() => expect(toastTexts()).toContain('Please enter a valid ICloud link.'));

    await app.user.clear(within(dialog).getByLabelText('iCloud link'));
    await paste(
      app,
      within(dialog).getByLabelText('YouTube, Hudl or Instagram Reel link'),
      'https://vimeo.com/12345',
    );
    await submit(app, dialog, 'Upload to Video Library');
    await waitFor(() =>
      expect(toastTexts()).toContain('Please enter a valid Youtube, Hudl or Instagram Reel link.'),
    );
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('the All Videos list keeps one selection and sends the chosen library video to the tool', async () => {
    serveLists([
      libraryVideo({ id: 'a', title: 'Semi final' }),
      libraryVideo({ id: 'b', title: 'Final' }),
    ]);
    api.on(`POST ${ApiPaths.processLibrary}`, {
      body: inProgressVideo({ id: 'b2', title: 'Final', type: VideoType.Inactivity }),
    });
    const app = renderHome();
    await screen.findByRole('group', { name: 'Semi final' });
    const dialog = await openUpload(app, 'Inactivity Filter');
    const list = within(dialog).getByRole('listbox', { name: 'All Videos' });
    await app.user.click(within(list).getByRole('option', { name: /Semi final/ }));
    await app.user.click(within(list).getByRole('option', { name: /^Final/ }));
    const selected = within(list)
      .getAllByRole('option')
      .filter((option) => option.getAttribute('aria-selected') === 'true');
    expect(selected.map((option) => option.textContent)).toEqual([expect.stringMatching(/^Final/)]);

    await app.user.type(within(dialog).getByRole('searchbox', { name: 'Search videos' }), 'semi');
    expect(within(list).queryByRole('option', { name: /^Final/ })).not.toBeInTheDocument();

    await submit(app, dialog, 'Run Inactivity Filter');
    await waitFor(() => expect(api.callsTo(`POST ${ApiPaths.processLibrary}`)).toHaveLength(1));
    expect(api.callsTo(`POST ${ApiPaths.processLibrary}`)[0]!.body).toEqual({
      videoType: VideoType.Inactivity,
      videoId: 'b',
      sport: 'auto',
    });
  });

  it('the All Videos list tells two videos of the same name apart by tool and length', async () => {
    serveLists([
      libraryVideo({
        id: 'out',
        title: 'Final',
        durationSec: 125,
        madeBy: { tool: 'inactivity', sourceDurationSec: 600 },
      }),
      libraryVideo({ id: 'src', title: 'Final', durationSec: 600 }),
    ]);
    const app = renderHome();
    await screen.findAllByRole('group', { name: 'Final' });
    const dialog = await openUpload(app, 'Player Tracking');
    const options = within(
      within(dialog).getByRole('listbox', { name: 'All Videos' }),
    ).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('FinalInactivity Filter · 2:05'),
      expect.stringContaining('FinalOriginal · 10:00'),
    ]);
  });

  it('the small-screen menu opens the same dialog', async () => {
    serveLists();
    const app = renderHome();
    await app.user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('complementary');
    await app.user.click(within(menu).getByRole('button', { name: 'Player Tracking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Video for Player Tracking' });
    expect(dialog).toHaveStyle({ width: '80vw' });
    expect(
      within(dialog).getByRole('button', { name: 'Run Player Tracking Filter' }),
    ).toBeVisible();
  });

  it('the mask closes the tool dialogs but not the Video Library one', async () => {
    serveLists();
    const app = renderHome();
    for (const label of ['Inactivity Filter', 'Player Tracking']) {
      await openUpload(app, label);
      await app.user.click(document.querySelector('.p-dialog-mask')!);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    await openUpload(app, 'Upload to Video Library');
    await app.user.click(document.querySelector('.p-dialog-mask')!);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('the Sport choice', () => {
  const SPORT_LABELS = [
    'Detect automatically',
    'American football',
    'Volleyball',
    'Basketball',
    'Soccer',
    'Other',
  ];

  function sportField(dialog: HTMLElement): HTMLSelectElement {
    return within(dialog).getByRole('combobox', { name: 'Sport' });
  }

  function shownSport(dialog: HTMLElement): string | undefined {
    const field = sportField(dialog);
    return field.options[field.selectedIndex]?.textContent ?? undefined;
  }

  async function close(app: App, dialog: HTMLElement) {
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }

  it('both tools offer the six sports with the remembered one chosen; the library upload asks none', async () => {
    serveLists();
    api.on(`GET ${ApiPaths.rememberedSport}`, { body: { sport: 'basketball' } });
    const app = renderHome();

    for (const [button] of [['Inactivity Filter'], ['Player Tracking']] as const) {
      const dialog = await openUpload(app, button);
      await waitFor(() => expect(shownSport(dialog)).toBe('Basketball'));
      const labels = Array.from(sportField(dialog).options).map((option) => option.textContent);
      expect(labels).toEqual(SPORT_LABELS);
      await close(app, dialog);
    }
    const dialog = await openUpload(app, 'Upload to Video Library');
    expect(within(dialog).queryByRole('combobox', { name: 'Sport' })).not.toBeInTheDocument();
  });

  it('a new user sees Detect automatically, and the sport picked goes with the run and is chosen next time', async () => {
    serveLists();
    api.on(`GET ${ApiPaths.rememberedSport}`, { body: { sport: 'auto' } });
    api.on(`POST ${ApiPaths.processPlatform}`, { body: inProgressVideo({ id: 'yt' }) });
    api.on(`POST ${ApiPaths.trackingFileUpload}`, { body: inProgressVideo({ id: 'f1' }) });
    const app = renderHome();
    let dialog = await openUpload(app, 'Inactivity Filter');
    await waitFor(() => expect(shownSport(dialog)).toBe('Detect automatically'));

    await app.user.selectOptions(sportField(dialog), 'Volleyball');
    await paste(
      app,
      within(dialog).getByLabelText('YouTube, Hudl or Instagram Reel link'),
      YOUTUBE,
    );
    await submit(app, dialog, 'Run Inactivity Filter');
    let success = await screen.findByRole('dialog', { name: 'Video successfully uploaded!' });
    expect(api.callsTo(`POST ${ApiPaths.processPlatform}`)[0]!.body).toEqual({
      videoType: VideoType.Inactivity,
      videoUrl: YOUTUBE,
      sport: 'volleyball',
    });
    await app.user.click(within(success).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The other tool, on a device file (the multipart upload: no resumable endpoint here).
    dialog = await openUpload(app, 'Player Tracking');
    expect(shownSport(dialog)).toBe('Volleyball');
    await app.user.selectOptions(sportField(dialog), 'Soccer');
    await chooseFile(app, dialog, videoFile());
    await submit(app, dialog, 'Run Player Tracking Filter');
    success = await screen.findByRole('dialog', { name: 'Video successfully uploaded!' });
    const multipart = String(api.callsTo(`POST ${ApiPaths.trackingFileUpload}`)[0]!.body);
    expect(multipart).toMatch(/name="sport"\r\n\r\nsoccer\r\n/);
    expect(multipart).toContain('name="video"; filename="game.mp4"');
    await app.user.click(within(success).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openUpload(app, 'Inactivity Filter');
    expect(shownSport(dialog)).toBe('Soccer');
  });

  it('when the remembered sport cannot be read the dialog offers Detect automatically, quietly', async () => {
    serveLists();
    const app = renderHome();
    const dialog = await openUpload(app, 'Inactivity Filter');

    await waitFor(() =>
      expect(api.callsTo(`GET ${ApiPaths.rememberedSport}`).length).toBeGreaterThan(0),
    );
    expect(shownSport(dialog)).toBe('Detect automatically');
    expect(toastTexts()).toEqual([]);
  });
});

describe('uploading', () => {
  it('a device file shows its progress, then Processing video..., then lands on top of All Videos', async () => {
    // Node's HTTP stack reports the bytes as they leave, like a browser (jsdom's XHR only at the end).
    installBlobStream();
    const originalAdapter = http.defaults.adapter;
    http.defaults.adapter = 'http';
    onTestFinished(() => {
      http.defaults.adapter = originalAdapter;
    });
    serveLists([libraryVideo({ id: 'old', title: 'Older game' })]);
    const uploaded = libraryVideo({ id: 'new', title: 'Fresh upload', date: '2025-06-01' });
    api.on(`POST ${ApiPaths.libraryFileUpload}`, { body: uploaded, delayMs: 400 });
    const app = renderHome();
    await screen.findByRole('group', { name: 'Older game' });
    const dialog = await openUpload(app, 'Upload to Video Library');
    await chooseFile(app, dialog, videoFile('match.mp4', 2 * 1024 * 1024));
    expect(within(dialog).getByText('match.mp4')).toBeInTheDocument();
    const loader = watchLoader();
    await submit(app, dialog, 'Upload to Video Library');

    const success = await screen.findByRole('dialog', { name: 'Video successfully uploaded!' });
    expect(success).toHaveStyle({ width: '50vw', minWidth: 'min(650px, 90%)' });
    loader.stop();
    // The browser reports the bytes sent; once all are sent the server is working on the video.
    expect(loader.texts[0]).toBe('Uploading 0%');
    expect(loader.texts.at(-1)).toBe('Processing video...');
    expect(document.querySelector('.global-loader')).not.toBeInTheDocument();
    expect(
      within(success).getByText('Your video is now in your Video Library.'),
    ).toBeInTheDocument();
    expect(within(success).queryByText(/processing your video/)).not.toBeInTheDocument();

    expect(String(api.callsTo(`POST ${ApiPaths.libraryFileUpload}`)[0]!.body)).toContain(
      'filename="match.mp4"',
    );

    const cards = within(screen.getByRole('region', { name: 'All Videos' })).getAllByRole('group');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Fresh upload',
      'Older game',
    ]);
  });

  it('a processing upload says it is being processed and joins the in-progress list at 33%', async () => {
    serveLists();
    api.on(`POST ${ApiPaths.trackingFileUpload}`, {
      body: inProgressVideo({
        id: 't1',
        title: 'Tracked game',
        type: VideoType.PlayerTracking,
        percentageCompleted: 0,
      }),
    });
    const app = renderHome();
    await screen.findByText(Messages.noVideosInProgress);
    const dialog = await openUpload(app, 'Player Tracking');
    await chooseFile(app, dialog, videoFile());
    await submit(app, dialog, 'Run Player Tracking Filter');

    const success = await screen.findByRole('dialog', { name: 'Video successfully uploaded!' });
    expect(
      within(success).getByText(
        "We're processing your video and will notify you when it is complete.",
      ),
    ).toBeInTheDocument();
    expect(
      within(success).getByText('Verify your email preferences in Settings'),
    ).toBeInTheDocument();
    expect(
      within(success).queryByText('Your video is now in your Video Library.'),
    ).not.toBeInTheDocument();
    const cached = app.queryClient.getQueryData<InProgressVideo[]>(['videos', 'in-progress']);
    expect(cached?.map((video) => [video.id, video.percentageCompleted])).toEqual([
      ['t1', NEW_IN_PROGRESS_PERCENTAGE],
    ]);
    expect(screen.getByText('Tracked game (Player Tracking)')).toBeInTheDocument();
  });

  it('link imports post the link to the endpoint of the mode', async () => {
    serveLists();
    api.on(`POST ${ApiPaths.libraryPlatformUpload}`, { body: libraryVideo({ id: 'yt' }) });
    api.on(`POST ${ApiPaths.processCopyFromCloud}`, { body: inProgressVideo({ id: 'ic' }) });
    const app = renderHome();
    let dialog = await openUpload(app, 'Upload to Video Library');
    await paste(
      app,
      within(dialog).getByLabelText('YouTube, Hudl or Instagram Reel link'),
      ` ${YOUTUBE} `,
    );
    await submit(app, dialog, 'Upload to Video Library');
    const success = await screen.findByRole('dialog', { name: 'Video successfully uploaded!' });
    expect(api.callsTo(`POST ${ApiPaths.libraryPlatformUpload}`)[0]!.body).toEqual({
      videoUrl: YOUTUBE,
    });
    // The upload dialog may still be animating out with its own Close button.
    await app.user.click(within(success).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openUpload(app, 'Inactivity Filter');
    await paste(app, within(dialog).getByLabelText('iCloud link'), ICLOUD);
    await submit(app, dialog, 'Run Inactivity Filter');
    await screen.findByRole('dialog', { name: 'Video successfully uploaded!' });
    expect(api.callsTo(`POST ${ApiPaths.processCopyFromCloud}`)[0]!.body).toEqual({
      videoType: VideoType.Inactivity,
      url: ICLOUD,
      sport: 'auto',
    });
  });

  it("'Edit Video Details' opens the edit dialog for the new video", async () => {
    serveLists();
    api.on(`POST ${ApiPaths.libraryFileUpload}`, {
      body: libraryVideo({ id: 'n1', title: 'Just uploaded', description: 'First half' }),
    });
    const app = renderHome();
    const dialog = await openUpload(app, 'Upload to Video Library');
    await chooseFile(app, dialog, videoFile());
    await submit(app, dialog, 'Upload to Video Library');
    const success = await screen.findByRole('dialog', { name: 'Video successfully uploaded!' });
    await app.user.click(within(success).getByRole('button', { name: 'Edit Video Details' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Video Details' });
    expect(within(edit).getByLabelText('Video Name')).toHaveValue('Just uploaded');
    expect(within(edit).getByLabelText('Video Description')).toHaveValue('First half');
  });

  it("a 400 shows the server's message and a lost connection the network text", async () => {
    serveLists();
    api.on(`POST ${ApiPaths.libraryFileUpload}`, {
      status: 400,
      body: { message: 'The file is empty', errorNumber: 0 },
    });
    const app = renderHome();
    let dialog = await openUpload(app, 'Upload to Video Library');
    await chooseFile(app, dialog, videoFile());
    await submit(app, dialog, 'Upload to Video Library');
    await waitFor(() => expect(toastTexts()).toEqual(['The file is empty']));
    expect(document.querySelector('.global-loader')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Video successfully uploaded!' })).toBeNull();
    // The dialog is back with the chosen file and what was wrong with it.
    dialog = await screen.findByRole('dialog', { name: 'Upload Video' });
    expect(within(dialog).getByText('game.mp4')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The file is empty');
    await app.user.click(within(dialog).getByRole('button', { name: 'Remove file' }));

    api.on(`POST ${ApiPaths.libraryPlatformUpload}`, { status: 500 });
    await paste(
      app,
      within(dialog).getByLabelText('YouTube, Hudl or Instagram Reel link'),
      YOUTUBE,
    );
    await submit(app, dialog, 'Upload to Video Library');
    // A toast is still on screen, so the generic upload text does not pile on.
    await waitFor(() =>
      expect(api.callsTo(`POST ${ApiPaths.libraryPlatformUpload}`)).toHaveLength(1),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(toastTexts()).toEqual(['The file is empty']);

    await api.close();
    dialog = await openUpload(app, 'Upload to Video Library');
    await chooseFile(app, dialog, videoFile());
    await submit(app, dialog, 'Upload to Video Library');
    await waitFor(() => expect(toastTexts()).toContain(Messages.uploadNetworkFailure));
    api = await startTestApi();
  });

  it('a file the server does not recognise as a video says so in words and stays chosen', async () => {
    serveLists();
    api.on(`POST ${ApiPaths.inactivityFileUpload}`, {
      status: 415,
      body: { message: notAVideoMessage('text/plain'), errorNumber: 0 },
    });
    const app = renderHome();
    const dialog = await openUpload(app, 'Inactivity Filter');
    await chooseFile(app, dialog, videoFile('notes.mp4'));
    await submit(app, dialog, 'Run Inactivity Filter');
    await waitFor(() =>
      expect(toastTexts()).toEqual(['This file is not a video we can read (text/plain)']),
    );
    expect(app.queryClient.getQueryData(['videos', 'in-progress'])).toEqual([]);
    const again = await screen.findByRole('dialog', {
      name: 'Upload Video for Inactivity Filtering',
    });
    expect(within(again).getByText('notes.mp4')).toBeInTheDocument();
    expect(within(again).getByRole('alert')).toHaveTextContent(
      'This file is not a video we can read (text/plain)',
    );
  });

  it('a video file dropped on the dialog is the one chosen', async () => {
    serveLists();
    const app = renderHome();
    const dialog = await openUpload(app, 'Upload to Video Library');
    const zone = within(dialog).getByTestId('upload-drop-zone');
    const file = videoFile('dropped game.mp4');
    const dataTransfer = { files: [file], types: ['Files'], dropEffect: 'none' };

    fireEvent.dragOver(zone, { dataTransfer });
    fireEvent.drop(zone, { dataTransfer });

    expect(await within(dialog).findByText('dropped game.mp4')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove file' })).toBeInTheDocument();
  });

  it('a failure with no toast on screen shows the generic upload text', async () => {
    serveLists();
    api.on(`POST ${ApiPaths.libraryFileUpload}`, { status: 500 });
    const app = renderHome();
    const dialog = await openUpload(app, 'Upload to Video Library');
    await chooseFile(app, dialog, videoFile());
    await submit(app, dialog, 'Upload to Video Library');
    await waitFor(() => expect(toastTexts()).toEqual([Messages.uploadFailed]));
  });

  it('a text file is refused in words at once, and nothing is sent', async () => {
    serveLists();
    const app = renderHome();
    const dialog = await openUpload(app, 'Upload to Video Library');
    const roster = new File(['Name,Number\nSmith,12\n'], 'roster.txt', { type: 'text/plain' });
    // The picker offers video/* only; a file dropped on the dialog can be anything.
    const dataTransfer = { files: [roster], types: ['Files'], dropEffect: 'none' };
    fireEvent.drop(within(dialog).getByTestId('upload-drop-zone'), { dataTransfer });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      notAVideoFileMessage('roster.txt'),
    );
    expect(within(dialog).queryByRole('button', { name: 'Remove file' })).not.toBeInTheDocument();
    await submit(app, dialog, 'Upload to Video Library');
    expect(toastTexts()).toEqual([
      'Please select a video to upload or add an ICloud/Youtube link.',
    ]);
    expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('a video file named like one but holding text is refused by its first bytes', async () => {
    serveLists();
    const app = renderHome();
    const dialog = await openUpload(app, 'Inactivity Filter');
    const fake = new File(['just some notes'], 'notes.mp4', { type: 'video/mp4' });
    await app.user.upload(within(dialog).getByLabelText('Upload from device'), fake);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      notAVideoFileMessage('notes.mp4'),
    );
  });

  it('a refused link keeps the dialog open with the link and the reason at its field', async () => {
    serveLists();
    const reason = 'This link is private. Make it public and try again.';
    api.on(`POST ${ApiPaths.processPlatform}`, {
      status: 400,
      body: { message: reason, errorNumber: 0 },
    });
    const app = renderHome();
    const dialog = await openUpload(app, 'Inactivity Filter');
    await paste(
      app,
      within(dialog).getByLabelText('YouTube, Hudl or Instagram Reel link'),
      YOUTUBE,
    );
    await submit(app, dialog, 'Run Inactivity Filter');
    const again = await screen.findByRole('dialog', {
      name: 'Upload Video for Inactivity Filtering',
    });
    const field = within(again).getByLabelText('YouTube, Hudl or Instagram Reel link');
    await waitFor(() => expect(field).toHaveValue(YOUTUBE));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(reason);
  });
});
