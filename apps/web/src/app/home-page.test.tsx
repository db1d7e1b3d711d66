import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiPaths, DOWNTIME_BANNER_UNTIL, Messages, VideoType } from '@filmroom/contract';
import { startTestApi, type TestApi } from '../test/api-server.js';
import { renderApp, toastTexts } from '../test/render-app.js';
import { getSession, saveAuth } from '../lib/session.js';
import { makeToken } from '../test/tokens.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const bannerEnd = new Date(DOWNTIME_BANNER_UNTIL).getTime();
const justBefore = () => new Date(bannerEnd - 60_000);
const atTheEnd = () => new Date(bannerEnd);

describe('downtime banner', () => {
  it('shows on Home before the upgrade', async () => {
    renderApp({ path: '/', apiBaseUrl: api.baseUrl, signedInAs: ['Coach'], clock: justBefore });
    expect(screen.getByText(Messages.downtimeBanner)).toBeInTheDocument();
  });

  it('shows on /login before the upgrade', () => {
    renderApp({ path: '/login', apiBaseUrl: api.baseUrl, clock: justBefore });
    expect(screen.getByText(Messages.downtimeBanner)).toBeInTheDocument();
  });

  it('is gone from the upgrade time on', () => {
    renderApp({ path: '/login', apiBaseUrl: api.baseUrl, clock: atTheEnd });
    expect(screen.queryByText(Messages.downtimeBanner)).not.toBeInTheDocument();
  });
});

describe('home page', () => {
  it('shows the upload area, the in-progress area and three empty lists when the server has no video routes', async () => {
    renderApp({ path: '/', apiBaseUrl: api.baseUrl, signedInAs: ['Coach'], clock: atTheEnd });
    expect(screen.getByRole('heading', { name: 'Upload a video to edit' })).toBeInTheDocument();
    for (const label of ['Inactivity Filter', 'Player Tracking', 'Upload to Video Library']) {
      expect(screen.getAllByRole('button', { name: label }).length).toBeGreaterThan(0);
      expect(screen.getAllByRole('button', { name: `About ${label}` }).length).toBeGreaterThan(0);
    }
    expect(await screen.findByText(Messages.noVideosInProgress)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search all videos' })).toBeInTheDocument();
    for (const title of ['All Videos', 'Inactivity Filtering Videos', 'Player Tracking Videos']) {
      const list = screen.getByRole('region', { name: title });
      expect(within(list).getByText(Messages.noVideosForFilters)).toBeInTheDocument();
    }
    await waitFor(() => expect(api.callsTo(`GET ${ApiPaths.libraryVideos}`)).toHaveLength(1));
    expect(toastTexts()).toEqual([]);
  });

  it('lists a video of type both in both filtered lists and filters by title', async () => {
    api.on(`GET ${ApiPaths.libraryVideos}`, {
      body: {
        videos: [
          {
            id: '1',
            title: 'Semi final',
            description: '',
            notes: '',
            url: '',
            thumbnailUrl: '',
            date: '2025-01-01',
            type: VideoType.Both,
            canSelectPlayers: false,
          },
          {
            id: '2',
            title: 'Practice',
            description: '',
            notes: '',
            url: '',
            thumbnailUrl: '',
            date: '2025-01-02',
            type: VideoType.None,
            canSelectPlayers: false,
          },
        ],
      },
    });
    const app = renderApp({
      path: '/',
      apiBaseUrl: api.baseUrl,
      signedInAs: ['Coach'],
      clock: atTheEnd,
    });
    const all = screen.getByRole('region', { name: 'All Videos' });
    expect(await within(all).findByText('Semi final')).toBeInTheDocument();
    expect(within(all).getByText('Practice')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Inactivity Filtering Videos' })).getByText(
        'Semi final',
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Player Tracking Videos' })).getByText(
        'Semi final',
      ),
    ).toBeInTheDocument();

    await app.user.type(screen.getByRole('searchbox', { name: 'Search all videos' }), '  SEMI ');
    await waitFor(() => expect(within(all).queryByText('Practice')).not.toBeInTheDocument());
    expect(within(all).getByText('Semi final')).toBeInTheDocument();
  });
});

describe('header', () => {
  it("offers 'Go To My scoutSMART Profile' to players only", () => {
    const player = renderApp({
      path: '/',
      apiBaseUrl: api.baseUrl,
      signedInAs: ['Player'],
      clock: atTheEnd,
    });
    expect(screen.getByRole('button', { name: 'Go To My scoutSMART Profile' })).toBeInTheDocument();
    player.unmount();
    renderApp({ path: '/', apiBaseUrl: api.baseUrl, signedInAs: ['Coach'], clock: atTheEnd });
    expect(
      screen.queryByRole('button', { name: 'Go To My scoutSMART Profile' }),
    ).not.toBeInTheDocument();
  });

  it("'Go To My scoutSMART Profile' opens the profile address from the server in a new window", async () => {
    api.on(`GET ${ApiPaths.goToProfile}`, {
      body: { playerProfileUrl: 'https://profiles.example/p/7' },
    });
    const opened: { location: { href: string } } = { location: { href: '' } };
    const open = vi.spyOn(window, 'open').mockImplementation(() => opened as unknown as Window);
    const app = renderApp({
      path: '/',
      apiBaseUrl: api.baseUrl,
      signedInAs: ['Player'],
      clock: atTheEnd,
    });
    await app.user.click(screen.getByRole('button', { name: 'Go To My scoutSMART Profile' }));
    await waitFor(() => expect(opened.location.href).toBe('https://profiles.example/p/7'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    open.mockRestore();
  });

  it('the small-screen menu holds Home, Settings, the three upload buttons and Log out', async () => {
    const app = renderApp({
      path: '/',
      apiBaseUrl: api.baseUrl,
      signedInAs: ['Player'],
      clock: atTheEnd,
    });
    await app.user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('complementary');
    for (const name of ['Home', 'Settings']) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument();
    }
    for (const name of [
      'Inactivity Filter',
      'Player Tracking',
      'Upload to Video Library',
      'Log out',
      'Go To My scoutSMART Profile',
    ]) {
      expect(within(menu).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('hides the navigation on account pages', () => {
    renderApp({ path: '/login', apiBaseUrl: api.baseUrl, clock: atTheEnd });
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('Log out signs out, drops cached lists and shows plain /login', async () => {
    api.on(`GET ${ApiPaths.libraryVideos}`, { body: { videos: [] } });
    const app = renderApp({
      path: '/',
      apiBaseUrl: api.baseUrl,
      signedInAs: ['Coach'],
      clock: atTheEnd,
    });
    await waitFor(() => expect(app.queryClient.getQueryData(['videos', 'library'])).toEqual([]));
    await app.user.click(screen.getAllByRole('button', { name: 'Log out' })[0]!);
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(getSession().auth.token).toBeUndefined();
    expect(app.queryClient.getQueryData(['videos', 'library'])).toBeUndefined();
  });

  it('Log out sends the refresh token to the server so a copy of it stops working', async () => {
    api.on(`POST ${ApiPaths.logout}`, { body: { message: Messages.loggedOut } });
    saveAuth({ token: makeToken({ role: ['Coach'] }), refreshToken: 'refresh-of-this-session' });
    const app = renderApp({ path: '/', apiBaseUrl: api.baseUrl, clock: atTheEnd });
    const endOfThisSession = () =>
      api
        .callsTo(`POST ${ApiPaths.logout}`)
        .filter(
          (call) => JSON.stringify(call.body) === '{"refreshToken":"refresh-of-this-session"}',
        );

    await app.user.click(screen.getAllByRole('button', { name: 'Log out' })[0]!);

    await waitFor(() => expect(endOfThisSession()).toHaveLength(1));
    expect(endOfThisSession()[0]!.headers.authorization).toBeUndefined();
    expect(app.location()).toBe('/login');
  });

  it('Log out does not wait for the server and still signs out when the call fails', async () => {
    api.on(`POST ${ApiPaths.logout}`, { status: 500, delayMs: 300 });
    const app = renderApp({
      path: '/',
      apiBaseUrl: api.baseUrl,
      signedInAs: ['Coach'],
      clock: atTheEnd,
    });

    await app.user.click(screen.getAllByRole('button', { name: 'Log out' })[0]!);

    expect(app.location()).toBe('/login');
    expect(getSession().auth).toEqual({ token: undefined, refreshToken: undefined });
    await waitFor(() => expect(api.callsTo(`POST ${ApiPaths.logout}`)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(app.location()).toBe('/login');
    expect(toastTexts()).toEqual([]);
  });

  it('a 401 while on a page signs out and returns to /login with the reason', async () => {
    api.on(`GET ${ApiPaths.libraryVideos}`, {
      status: 401,
      body: { message: 'Session revoked', errorNumber: 0 },
    });
    const app = renderApp({
      path: '/',
      apiBaseUrl: api.baseUrl,
      signedInAs: ['Coach'],
      clock: atTheEnd,
    });
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(await screen.findByText('Session revoked')).toBeInTheDocument();
    expect(getSession().auth.token).toBeUndefined();
  });
});
