import { screen, waitFor, within } from '@testing-library/react';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import { ApiPaths, SharingTexts } from '@filmroom/contract';
import { startTestApi, type TestApi } from '../../../test/api-server.js';
import { renderApp, toastTexts } from '../../../test/render-app.js';
import { libraryVideo } from '../../../test/videos.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const PROFILE_URL = 'https://profiles.example/p/jordan-miles-0a1b2c3d4e5f';
const video = libraryVideo({
  id: 'v-17',
  title: 'State final',
  description: 'Second half, #7',
  date: '2025-03-04',
});

let opened: { location: { href: string }; close: ReturnType<typeof vi.fn> };
let open: MockInstance<typeof window.open>;
beforeEach(() => {
  api.reset();
  api.on(`GET ${ApiPaths.libraryVideos}`, { body: { videos: [video] } });
  api.on(`GET ${ApiPaths.goToProfile}`, { body: { playerProfileUrl: PROFILE_URL } });
  opened = { location: { href: '' }, close: vi.fn() };
  open = vi.spyOn(window, 'open').mockImplementation(() => opened as unknown as Window);
});
afterEach(() => open.mockRestore());

async function openShareModal(role: string) {
  const app = renderApp({ path: '/', apiBaseUrl: api.baseUrl, signedInAs: [role] });
  const card = await within(screen.getByRole('region', { name: 'All Videos' })).findByRole(
    'group',
    { name: 'State final' },
  );
  await app.user.click(within(card).getByRole('button', { name: 'Share' }));
  const modal = await screen.findByRole('dialog', { name: SharingTexts.shareDialogTitle });
  return { app, modal };
}

describe('share modal', () => {
  it('shows a player the card preview with Add to scoutSMART Profile and Download Video', async () => {
    const { modal } = await openShareModal('Player');

    expect(within(modal).getByText('State final')).toBeInTheDocument();
    expect(within(modal).getByText('Second half, #7')).toBeInTheDocument();
    expect(within(modal).getByText('03/04/2025')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: SharingTexts.addToProfile })).toBeVisible();
    expect(within(modal).getByRole('button', { name: SharingTexts.downloadVideo })).toBeVisible();
  });

  it('hides Add to scoutSMART Profile from a coach, who can still download', async () => {
    const { modal } = await openShareModal('Coach');

    expect(
      within(modal).queryByRole('button', { name: SharingTexts.addToProfile }),
    ).not.toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: SharingTexts.downloadVideo })).toBeVisible();
  });
});

describe('share result modal', () => {
  it('after sharing shows the success modal, and its button opens the profile in a new window', async () => {
    api.on(`POST ${ApiPaths.addVideoToProfile}`, {
      body: {
        videoId: video.id,
        publicVideoUrl: 'https://x/api/public/videos/t',
        sharedAt: '',
      },
    });
    const { app, modal } = await openShareModal('Player');

    await app.user.click(within(modal).getByRole('button', { name: SharingTexts.addToProfile }));

    const result = await screen.findByRole('dialog', { name: SharingTexts.sharedTitle });
    expect(api.callsTo(`POST ${ApiPaths.addVideoToProfile}`)[0]?.body).toEqual({
      videoId: video.id,
    });
    // The share modal closes with an exit animation.
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: SharingTexts.shareDialogTitle }),
      ).not.toBeInTheDocument(),
    );
    expect(within(result).getByText('State final')).toBeInTheDocument();
    expect(within(result).getByText('Second half, #7')).toBeInTheDocument();
    expect(within(result).getByText('03/04/2025')).toBeInTheDocument();
    expect(within(result).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    const goTo = within(result).getByRole('button', { name: SharingTexts.goToProfile });
    expect(goTo).toHaveClass('p-button-outlined');

    await app.user.click(goTo);

    await waitFor(() => expect(opened.location.href).toBe(PROFILE_URL));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: SharingTexts.sharedTitle }),
      ).not.toBeInTheDocument(),
    );
  });

  it('a 409 shows the already-uploaded modal with View in My scoutSMART Profile and Download Video', async () => {
    api.on(`POST ${ApiPaths.addVideoToProfile}`, {
      status: 409,
      body: { message: SharingTexts.alreadyShared, errorNumber: 0 },
    });
    api.on(`GET ${ApiPaths.directDownload}`, { body: { downloadUrl: '#download' } });
    const { app, modal } = await openShareModal('Player');

    await app.user.click(within(modal).getByRole('button', { name: SharingTexts.addToProfile }));

    const result = await screen.findByRole('dialog', { name: SharingTexts.alreadySharedTitle });
    expect(result).toHaveClass('share-result--error');
    expect(within(result).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(toastTexts()).toEqual([]);

    await app.user.click(within(result).getByRole('button', { name: SharingTexts.downloadVideo }));
    await waitFor(() => expect(api.callsTo(`GET ${ApiPaths.directDownload}`)).toHaveLength(1));
    expect(api.callsTo(`GET ${ApiPaths.directDownload}`)[0]?.path).toContain(`videoId=${video.id}`);

    await app.user.click(within(result).getByRole('button', { name: SharingTexts.viewInProfile }));
    await waitFor(() => expect(opened.location.href).toBe(PROFILE_URL));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: SharingTexts.alreadySharedTitle }),
      ).not.toBeInTheDocument(),
    );
  });

  it('when the profile service is down the share modal stays open and the reason is shown', async () => {
    api.on(`POST ${ApiPaths.addVideoToProfile}`, {
      status: 502,
      body: { message: SharingTexts.profileUnavailable, errorNumber: 0 },
    });
    const { app, modal } = await openShareModal('Player');

    await app.user.click(within(modal).getByRole('button', { name: SharingTexts.addToProfile }));

    await waitFor(() => expect(toastTexts()).toEqual([SharingTexts.profileUnavailable]));
    expect(screen.getByRole('dialog', { name: SharingTexts.shareDialogTitle })).toBeVisible();
  });
});
