import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TextFields,
  TextLimits,
  badCharactersMessage,
  ApiPaths,
  Messages,
  VideoType,
  type InProgressVideo,
  type LibraryVideo,
} from '@filmroom/contract';
import { startTestApi, type TestApi } from '../../../test/api-server.js';
import { renderApp, toastTexts } from '../../../test/render-app.js';
import { inProgressVideo, libraryVideo } from '../../../test/videos.js';
import { LIBRARY_MEDIA_POLL_MS } from '../api/get-videos.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  // jsdom does no layout, so no element has an offset parent; PrimeReact's popup menu then
  // measures itself as hidden and stays display:none. Browsers give attached elements one.
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.isConnected ? this.parentElement : null;
    },
  });
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const afterBanner = () => new Date('2026-01-01T00:00:00Z');

function serveLists(library: LibraryVideo[], inProgress: InProgressVideo[] = []) {
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

function list(title: string) {
  return screen.getByRole('region', { name: title });
}

function cardNames(title: string): string[] {
  return within(list(title))
    .queryAllByRole('group')
    .map((card) => card.getAttribute('aria-label') ?? '');
}

async function openMenu(app: App, cardName: string, index = 0) {
  const card = within(list('All Videos')).getAllByRole('group', { name: cardName })[index]!;
  await app.user.click(within(card).getByRole('button', { name: 'Video options' }));
  return screen.findByRole('menu');
}

describe('video library', () => {
  it('tells a tool output from its source: the tool, what it kept and each length', async () => {
    const plays = Array.from({ length: 31 }, (_, i) => ({ start: i * 24, end: i * 24 + 20 }));
    serveLists([
      libraryVideo({
        id: 'out',
        title: 'Finals',
        type: VideoType.Inactivity,
        durationSec: 760,
        madeBy: { tool: 'inactivity', sourceDurationSec: 3490 },
        chapters: plays,
      }),
      libraryVideo({ id: 'src', title: 'Finals', durationSec: 3490 }),
    ]);
    renderHome();
    await within(list('All Videos')).findAllByRole('group', { name: 'Finals' });
    const [output, source] = within(list('All Videos')).getAllByRole('group', { name: 'Finals' });
    expect(output).toHaveTextContent('Inactivity Filter · 12:40 of 58:10 kept, 31 plays');
    expect(within(output!).getByLabelText('Length 12:40')).toBeVisible();
    expect(source).not.toHaveTextContent('Inactivity Filter');
    expect(within(source!).getByLabelText('Length 58:10')).toBeVisible();
  });

  it('a tracked output says on its card and in its preview which team and numbers it follows', async () => {
    serveLists([
      libraryVideo({
        id: 'tracked',
        title: 'Derby',
        type: VideoType.PlayerTracking,
        durationSec: 65,
        madeBy: { tool: 'tracking', sourceDurationSec: 600 },
        chapters: [{ start: 0, end: 65 }],
        chosenPlayers: { teamLetter: 'A', teamColour: 'white', numbers: [12, 7] },
        url: 'http://127.0.0.1:1/media/tracked.mp4',
      }),
      libraryVideo({ id: 'source', title: 'Derby', durationSec: 600 }),
    ]);
    const app = renderHome();
    await within(list('All Videos')).findAllByRole('group', { name: 'Derby' });
    const [output, source] = within(list('All Videos')).getAllByRole('group', { name: 'Derby' });
    expect(within(output!).getByText('Team A (white) · #12, #7')).toBeVisible();
    expect(source).not.toHaveTextContent('Team A');
    await app.user.click(within(output!).getByRole('button', { name: 'Play Derby' }));
    const preview = await screen.findByRole('dialog', { name: 'Derby' });
    const players = within(preview).getByRole('region', { name: 'Players' });
    expect(players).toHaveTextContent('Team A (white) · #12, #7');
  });

  it('puts each video in the lists of its type, a video of both types in both', async () => {
    serveLists([
      libraryVideo({ id: '1', title: 'Plain', type: VideoType.None }),
      libraryVideo({ id: '2', title: 'Filtered', type: VideoType.Inactivity }),
      libraryVideo({ id: '3', title: 'Tracked', type: VideoType.PlayerTracking }),
      libraryVideo({ id: '4', title: 'Both tools', type: VideoType.Both }),
    ]);
    renderHome();
    await within(list('All Videos')).findByRole('group', { name: 'Plain' });
    expect(cardNames('All Videos')).toEqual(['Plain', 'Filtered', 'Tracked', 'Both tools']);
    expect(cardNames('Inactivity Filtering Videos')).toEqual(['Filtered', 'Both tools']);
    expect(cardNames('Player Tracking Videos')).toEqual(['Tracked', 'Both tools']);
  });

  it('a video just uploaded shows its thumbnail as soon as the server has made it', async () => {
    let answers = 0;
    const fresh = () =>
      libraryVideo({
        id: 'n',
        title: 'Just in',
        date: new Date().toISOString(),
        thumbnailUrl: answers > 1 ? 'http://127.0.0.1:1/thumbs/n.jpg' : '',
      });
    api.on(`GET ${ApiPaths.libraryVideos}`, () => {
      answers += 1;
      return { body: { videos: [fresh(), libraryVideo({ id: 'o', title: 'Old, no thumbnail' })] } };
    });
    api.on(`GET ${ApiPaths.inProgressVideos}`, { body: { videos: [] } });
    renderHome();
    const card = await within(list('All Videos')).findByRole('group', { name: 'Just in' });
    expect(within(card).getByRole('img', { name: 'No thumbnail' })).toBeInTheDocument();
    await waitFor(
      () =>
        expect(
          within(list('All Videos'))
            .getByRole('group', { name: 'Just in' })
            .querySelector('img.video-card__thumbnail'),
        ).toHaveAttribute('src', 'http://127.0.0.1:1/thumbs/n.jpg'),
      { timeout: LIBRARY_MEDIA_POLL_MS + 3000 },
    );
    // Every video has its thumbnail or is too old to get one: the refreshing stops.
    await new Promise((resolve) => setTimeout(resolve, LIBRARY_MEDIA_POLL_MS + 500));
    expect(api.callsTo(`GET ${ApiPaths.libraryVideos}`)).toHaveLength(2);
  });

  it('search waits 400 ms, ignores case and surrounding spaces, and hides untitled videos', async () => {
    serveLists([
      libraryVideo({ id: '1', title: 'Semi Final' }),
      libraryVideo({ id: '2', title: 'Practice' }),
      libraryVideo({ id: '3', title: '' }),
    ]);
    const app = renderHome();
    await within(list('All Videos')).findByRole('group', { name: 'No name' });
    const search = screen.getByRole('searchbox', { name: 'Search all videos' });

    await app.user.type(search, '  sEMI ');
    const typedAt = performance.now();
    expect(cardNames('All Videos')).toEqual(['Semi Final', 'Practice', 'No name']);
    await waitFor(() => expect(cardNames('All Videos')).toEqual(['Semi Final']));
    expect(performance.now() - typedAt).toBeGreaterThanOrEqual(350);

    await app.user.clear(search);
    await waitFor(() =>
      expect(cardNames('All Videos')).toEqual(['Semi Final', 'Practice', 'No name']),
    );

    await app.user.type(search, 'zzz');
    await waitFor(() =>
      expect(within(list('All Videos')).getByText(Messages.noVideosForFilters)).toBeInTheDocument(),
    );
    expect(
      within(list('All Videos')).getByText('There are no videos for current filters'),
    ).toBeVisible();
  });

  it('a card without details shows its fallbacks, the date as MM/DD/YYYY and its type marker', async () => {
    serveLists([
      libraryVideo({
        id: '1',
        title: '',
        description: '',
        thumbnailUrl: '',
        date: '2025-07-09',
        type: VideoType.Both,
      }),
      libraryVideo({
        id: '2',
        title: 'Full',
        thumbnailUrl: 'http://127.0.0.1:1/thumbs/2.jpg',
        type: VideoType.Inactivity,
      }),
    ]);
    renderHome();
    const bare = await within(list('All Videos')).findByRole('group', { name: 'No name' });
    expect(within(bare).getByText('No name')).toBeInTheDocument();
    expect(within(bare).getByText('No description')).toBeInTheDocument();
    expect(within(bare).getByRole('img', { name: 'No thumbnail' })).toBeInTheDocument();
    expect(within(bare).getByText('07/09/2025')).toBeInTheDocument();
    expect(
      within(bare).getByRole('img', { name: 'Inactivity Filter and Player Tracking' }),
    ).toBeInTheDocument();

    const full = within(list('All Videos')).getByRole('group', { name: 'Full' });
    expect(full.querySelector('img.video-card__thumbnail')).toHaveAttribute(
      'src',
      'http://127.0.0.1:1/thumbs/2.jpg',
    );
    expect(within(full).getByRole('img', { name: 'Inactivity Filter' })).toBeInTheDocument();
    expect(within(full).getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(within(full).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('the options menu offers Select Players only for videos that allow it', async () => {
    serveLists([
      libraryVideo({ id: '1', title: 'Tracked', canSelectPlayers: true }),
      libraryVideo({ id: '2', title: 'Plain' }),
    ]);
    const app = renderHome();
    await within(list('All Videos')).findByRole('group', { name: 'Tracked' });
    let menu = await openMenu(app, 'Tracked');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Preview', 'Select Players', 'Share', 'Delete']);
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    menu = await openMenu(app, 'Plain');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Preview', 'Share', 'Delete']);
  });

  it('the preview plays the video with its thumbnail as poster and shows the fallback texts', async () => {
    serveLists([
      libraryVideo({
        id: '1',
        title: '',
        description: '',
        notes: '',
        url: 'http://127.0.0.1:1/media/1.mp4',
        thumbnailUrl: 'http://127.0.0.1:1/thumbs/1.jpg',
      }),
    ]);
    const app = renderHome();
    const card = await within(list('All Videos')).findByRole('group', { name: 'No name' });
    await app.user.click(within(card).getByRole('button', { name: 'Play No name' }));
    const preview = await screen.findByRole('dialog', { name: 'Video Preview' });
    const player = await within(preview).findByRole('group', { name: 'Video Preview player' });
    const video = player.querySelector('video')!;
    expect(video).toHaveAttribute('src', 'http://127.0.0.1:1/media/1.mp4');
    expect(video).toHaveAttribute('poster', 'http://127.0.0.1:1/thumbs/1.jpg');
    expect(within(preview).getByRole('button', { name: 'Next frame' })).toBeInTheDocument();
    expect(within(preview).getByText('The video does not have a description.')).toBeInTheDocument();
    expect(within(preview).getByText('The video does not have notes.')).toBeInTheDocument();
  });

  it('Download Video asks for a download address and hands it to the browser', async () => {
    serveLists([libraryVideo({ id: 'v 9', title: 'Final', notes: 'Watch #7' })]);
    api.on(`GET ${ApiPaths.directDownload}`, {
      body: { downloadUrl: 'http://127.0.0.1:1/download/v9?sig=abc' },
    });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.href);
    });
    const app = renderHome();
    await within(list('All Videos')).findByRole('group', { name: 'Final' });
    const menu = await openMenu(app, 'Final');
    await app.user.click(within(menu).getByRole('menuitem', { name: 'Preview' }));
    const preview = await screen.findByRole('dialog', { name: 'Final' });
    expect(within(preview).getByText('Watch #7')).toBeInTheDocument();
    await app.user.click(within(preview).getByRole('button', { name: 'Download Video' }));
    await waitFor(() => expect(clicked).toEqual(['http://127.0.0.1:1/download/v9?sig=abc']));
    expect(api.callsTo(`GET ${ApiPaths.directDownload}`)[0]!.path).toBe(
      `${ApiPaths.directDownload}?videoId=v+9`,
    );
    click.mockRestore();
  });

  it('editing reports both missing fields together, then saves trimmed details into every list', async () => {
    serveLists(
      [libraryVideo({ id: '7', title: 'Old name', description: 'Old text', type: VideoType.Both })],
      [inProgressVideo({ id: '7', title: 'Old name', percentageCompleted: 60 })],
    );
    api.on(`PUT ${ApiPaths.editVideo}`, { status: 200 });
    const app = renderHome();
    await within(list('All Videos')).findByRole('group', { name: 'Old name' });
    const menu = await openMenu(app, 'Old name');
    await app.user.click(within(menu).getByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Video Details' });
    const name = within(dialog).getByLabelText('Video Name');
    const description = within(dialog).getByLabelText('Video Description');
    const notes = within(dialog).getByLabelText('Notes');
    expect(notes).toHaveAttribute('rows', '5');
    expect(notes).toHaveAttribute('cols', '30');
    expect(within(dialog).getByText('only visible to you')).toBeInTheDocument();

    await app.user.clear(name);
    await app.user.clear(description);
    await app.user.type(description, '   ');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toastTexts()).toEqual(['Video name is required', 'Video description is required']),
    );
    expect(api.callsTo(`PUT ${ApiPaths.editVideo}`)).toHaveLength(0);

    await app.user.type(name, ' New name ');
    await app.user.clear(description);
    await app.user.type(description, 'Second half');
    await app.user.type(notes, 'Press on #10');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toastTexts()).toContain(Messages.videoEdited));
    expect(api.callsTo(`PUT ${ApiPaths.editVideo}`)[0]!.body).toEqual({
      videoId: '7',
      title: 'New name',
      description: 'Second half',
      notes: 'Press on #10',
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Video Details' })).not.toBeInTheDocument(),
    );
    for (const title of ['All Videos', 'Inactivity Filtering Videos', 'Player Tracking Videos']) {
      expect(cardNames(title)).toEqual(['New name']);
    }
    expect(app.queryClient.getQueryData<LibraryVideo[]>(['videos', 'library'])).toEqual([
      expect.objectContaining({
        id: '7',
        title: 'New name',
        description: 'Second half',
        notes: 'Press on #10',
      }),
    ]);
    expect(app.queryClient.getQueryData<InProgressVideo[]>(['videos', 'in-progress'])).toEqual([
      expect.objectContaining({ id: '7', title: 'Old name', percentageCompleted: 60 }),
    ]);
  });

  it('the edit dialog caps each field at the contract limit and refuses a pasted control character', async () => {
    serveLists([libraryVideo({ id: '8', title: 'Film', description: 'Text' })]);
    api.on(`PUT ${ApiPaths.editVideo}`, { status: 200 });
    const app = renderHome();
    await within(list('All Videos')).findByRole('group', { name: 'Film' });
    const menu = await openMenu(app, 'Film');
    await app.user.click(within(menu).getByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Video Details' });
    const limits = [
      ['Video Name', TextLimits.videoTitle],
      ['Video Description', TextLimits.videoDescription],
      ['Notes', TextLimits.notes],
    ] as const;
    for (const [label, max] of limits) {
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('maxLength', String(max));
    }

    fireEvent.change(within(dialog).getByLabelText('Notes'), { target: { value: 'a\u0000b' } });
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toastTexts()).toEqual([badCharactersMessage(TextFields.notes)]));
    expect(api.callsTo(`PUT ${ApiPaths.editVideo}`)).toHaveLength(0);
  });

  it('delete asks first, with No focused, then removes the video from every list', async () => {
    serveLists([
      libraryVideo({ id: '5', title: 'Doomed', type: VideoType.Both }),
      libraryVideo({ id: '6', title: 'Keeper', type: VideoType.Both }),
    ]);
    api.on(`DELETE ${ApiPaths.deleteVideo}`, { status: 200 });
    const app = renderHome();
    const card = await within(list('All Videos')).findByRole('group', { name: 'Doomed' });
    await app.user.click(within(card).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Video' });
    expect(
      within(confirm).getByText('Are you sure you want to delete the video?'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'No' })).toHaveFocus());

    await app.user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Video deleted successfully']));
    expect(api.callsTo(`DELETE ${ApiPaths.deleteVideo}`)[0]!.path).toBe(
      `${ApiPaths.deleteVideo}?videoId=5`,
    );
    for (const title of ['All Videos', 'Inactivity Filtering Videos', 'Player Tracking Videos']) {
      expect(cardNames(title)).toEqual(['Keeper']);
    }
  });
});
