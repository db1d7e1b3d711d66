import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiPaths,
  Messages,
  RetryMessages,
  VideoType,
  type InProgressVideo,
} from '@filmroom/contract';
import { startTestApi, type TestApi } from '../../../test/api-server.js';
import { renderApp, toastTexts } from '../../../test/render-app.js';
import { inProgressVideo } from '../../../test/videos.js';
import { IN_PROGRESS_POLL_MS } from '../api/get-in-progress-videos.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const afterBanner = () => new Date('2026-01-01T00:00:00Z');

function serveInProgress(videos: InProgressVideo[] | (() => InProgressVideo[])) {
  api.on(`GET ${ApiPaths.libraryVideos}`, { body: { videos: [] } });
  api.on(`GET ${ApiPaths.inProgressVideos}`, () => ({
    body: { videos: typeof videos === 'function' ? videos() : videos },
  }));
}

function renderHome() {
  return renderApp({
    path: '/',
    apiBaseUrl: api.baseUrl,
    signedInAs: ['Coach'],
    clock: afterBanner,
  });
}

function section() {
  return screen.getByRole('region', { name: 'Videos in progress' });
}

describe('videos in progress', () => {
  it('cards show date, title with the tool, progress, and In progress on the first card only', async () => {
    serveInProgress([
      inProgressVideo({ id: '1', title: 'Semi', type: VideoType.Inactivity, date: '2025-02-03' }),
      inProgressVideo({
        id: '2',
        title: 'Final',
        type: VideoType.PlayerTracking,
        canSelectPlayers: true,
        percentageCompleted: 80,
      }),
    ]);
    renderHome();
    expect(await within(section()).findByText('Semi (Inactivity Filter)')).toBeInTheDocument();
    expect(within(section()).getByText('Final (Player Tracking)')).toBeInTheDocument();
    expect(within(section()).getByText('02/03/2025')).toBeInTheDocument();
    expect(within(section()).getAllByText('In progress')).toHaveLength(1);
    const cards = within(section()).getAllByRole('listitem');
    expect(within(cards[0]!).getByText('In progress')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('button', { name: 'Select Players' })).toBeInTheDocument();
    // a run waiting at Select Players can be dropped as well
    expect(within(cards[1]!).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '80');
  });

  it('cards say in words what is happening: queued, importing, processing, waiting or failed with the reason', async () => {
    serveInProgress([
      inProgressVideo({ id: '1', title: 'Link', type: VideoType.None, percentageCompleted: 0 }),
      inProgressVideo({ id: '2', title: 'Link 2', type: VideoType.None, percentageCompleted: 40 }),
      inProgressVideo({
        id: '3',
        title: 'Semi',
        type: VideoType.Inactivity,
        percentageCompleted: 50,
      }),
      inProgressVideo({
        id: '4',
        title: 'Final',
        type: VideoType.PlayerTracking,
        canSelectPlayers: true,
        percentageCompleted: 66,
      }),
      inProgressVideo({
        id: '5',
        title: 'Broken',
        type: VideoType.Inactivity,
        errorMessage: 'No live play was found in this film.',
      }),
    ]);
    renderHome();
    await within(section()).findByText('Semi (Inactivity Filter)');
    const states = within(section())
      .getAllByRole('listitem')
      .map((card) => card.querySelector('.in-progress-card__state')?.textContent);
    expect(states).toEqual([
      'Queued',
      'Importing 40%',
      'Processing 50%',
      'Waiting for player selection',
      'Failed: No live play was found in this film.',
    ]);
  });

  it('a run no worker has taken yet says Queued with how many are ahead, not a percentage', async () => {
    serveInProgress([
      inProgressVideo({
        id: '1',
        title: 'Opener',
        type: VideoType.Inactivity,
        percentageCompleted: 33,
        jobsAhead: 2,
      }),
      inProgressVideo({
        id: '2',
        title: 'Closer',
        type: VideoType.PlayerTracking,
        percentageCompleted: 33,
        jobsAhead: 0,
      }),
    ]);
    renderHome();
    await within(section()).findByText('Opener (Inactivity Filter)');
    const states = within(section())
      .getAllByRole('listitem')
      .map((card) => card.querySelector('.in-progress-card__state')?.textContent);
    expect(states).toEqual(['Queued (2 ahead)', 'Queued']);
    expect(within(section()).queryByText(/Processing 33%/)).not.toBeInTheDocument();
  });

  it('Cancel asks first, then stops the processing and removes the card', async () => {
    serveInProgress([inProgressVideo({ id: '4', title: 'Scrimmage' })]);
    api.on(`PUT ${ApiPaths.deleteInProgressVideo}`, { status: 200 });
    const app = renderHome();
    await within(section()).findByText('Scrimmage (Inactivity Filter)');
    await app.user.click(within(section()).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel Video Processing' });
    expect(
      within(confirm).getByText('Are you sure you want to cancel the video processing?'),
    ).toBeInTheDocument();
    await app.user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(toastTexts()).toEqual([Messages.processingCanceled]));
    expect(api.callsTo(`PUT ${ApiPaths.deleteInProgressVideo}`)[0]!.path).toBe(
      `${ApiPaths.deleteInProgressVideo}?videoId=4`,
    );
    // the list is fetched again after the cancel: check the text as it is on screen, not a node
    // an earlier render may have replaced
    await waitFor(() =>
      expect(within(section()).getByText(Messages.noVideosInProgress)).toBeInTheDocument(),
    );
  });

  it('a failed video opens its error, is marked read once and leaves the list', async () => {
    serveInProgress([
      inProgressVideo({ id: '8', title: 'Broken', errorMessage: 'The link is private' }),
      inProgressVideo({
        id: '9',
        title: 'Silent',
        errorMessage: ' ',
        errorAlreadyMarkedAsReaded: true,
      }),
    ]);
    api.on(`POST ${ApiPaths.errorNotificationRead}`, { status: 200 });
    const app = renderHome();
    const broken = await within(section()).findByRole('button', {
      name: 'Broken (Inactivity Filter) failed, show the error',
    });
    await app.user.click(broken);
    const dialog = await screen.findByRole('dialog', { name: 'Broken (Inactivity Filter)' });
    expect(within(dialog).getByText('The link is private')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(section()).queryByText('Broken (Inactivity Filter)')).not.toBeInTheDocument(),
    );
    expect(api.callsTo(`POST ${ApiPaths.errorNotificationRead}`).map((call) => call.body)).toEqual([
      { videoId: '8' },
    ]);
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await app.user.click(
      within(section()).getByRole('button', {
        name: 'Silent (Inactivity Filter) failed, show the error',
      }),
    );
    const silent = await screen.findByRole('dialog', { name: 'Silent (Inactivity Filter)' });
    expect(within(silent).getByText(Messages.noErrorMessage)).toBeInTheDocument();
    expect(api.callsTo(`POST ${ApiPaths.errorNotificationRead}`)).toHaveLength(1);
    await waitFor(() =>
      expect(within(section()).getByText(Messages.noVideosInProgress)).toBeVisible(),
    );
  });

  it('a failed video that a retry may help offers Retry, which runs it again without opening the error', async () => {
    let retried = false;
    serveInProgress(() => [
      retried
        ? inProgressVideo({ id: '5', title: 'Derby', percentageCompleted: 33 })
        : inProgressVideo({
            id: '5',
            title: 'Derby',
            errorMessage: 'Processing failed. Please try again or upload the video again.',
            canRetry: true,
          }),
      inProgressVideo({
        id: '6',
        title: 'Empty gym',
        errorMessage: 'No live play was found in this video.',
        canRetry: false,
      }),
    ]);
    api.on(`POST ${ApiPaths.retryInProgressVideo}`, () => {
      retried = true;
      return { body: { message: RetryMessages.retrying } };
    });
    const app = renderHome();
    const retry = await within(section()).findByRole('button', {
      name: 'Retry Derby (Inactivity Filter)',
    });
    expect(
      within(section()).queryByRole('button', { name: 'Retry Empty gym (Inactivity Filter)' }),
    ).not.toBeInTheDocument();

    await app.user.click(retry);

    await waitFor(() => expect(toastTexts()).toEqual([RetryMessages.retrying]));
    expect(api.callsTo(`POST ${ApiPaths.retryInProgressVideo}`).map((call) => call.body)).toEqual([
      { videoId: '5' },
    ]);
    await within(section()).findByText('Processing 33%');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(`POST ${ApiPaths.errorNotificationRead}`)).toHaveLength(0);
  });

  it('a refused retry says why', async () => {
    serveInProgress([
      inProgressVideo({
        id: '7',
        title: 'Derby',
        errorMessage: 'Processing failed. Please try again or upload the video again.',
        canRetry: true,
      }),
    ]);
    api.on(`POST ${ApiPaths.retryInProgressVideo}`, {
      status: 409,
      body: { message: RetryMessages.cannotRetry },
    });
    const app = renderHome();
    await app.user.click(
      await within(section()).findByRole('button', { name: 'Retry Derby (Inactivity Filter)' }),
    );
    await waitFor(() => expect(toastTexts()).toEqual([RetryMessages.cannotRetry]));
  });

  it('the list refreshes every few seconds while something is processing, and stops when empty', async () => {
    let answers = 0;
    serveInProgress(() => {
      answers += 1;
      return answers === 1 ? [inProgressVideo({ id: '1', title: 'Working' })] : [];
    });
    renderHome();
    await within(section()).findByText('Working (Inactivity Filter)');
    expect(
      await within(section()).findByText(Messages.noVideosInProgress, undefined, {
        timeout: IN_PROGRESS_POLL_MS + 2000,
      }),
    ).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, IN_PROGRESS_POLL_MS + 500));
    expect(api.callsTo(`GET ${ApiPaths.inProgressVideos}`)).toHaveLength(2);
  });
});
