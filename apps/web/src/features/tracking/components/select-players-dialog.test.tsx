import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiPaths,
  colourName,
  Messages,
  ProcessingMessages,
  VideoType,
  type TrackingInfoResponse,
} from '@filmroom/contract';
import { startTestApi, type TestApi } from '../../../test/api-server.js';
import { renderApp, toastTexts } from '../../../test/render-app.js';
import { inProgressVideo } from '../../../test/videos.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const afterBanner = () => new Date('2026-01-01T00:00:00Z');

const teams: TrackingInfoResponse = {
  teams: [
    {
      teamLetter: 'A',
      primaryColor: '#d32f2f',
      secondaryColor: '#ffffff',
      players: [7, 23],
      playerPhotos: [{ number: 7, url: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }],
    },
    { teamLetter: 'B', primaryColor: '#1565c0', secondaryColor: '#ffeb3b', players: [4] },
  ],
};

async function openDialog() {
  api.on(`GET ${ApiPaths.libraryVideos}`, { body: { videos: [] } });
  api.on(`GET ${ApiPaths.inProgressVideos}`, {
    body: {
      videos: [
        inProgressVideo({
          id: 'v1',
          title: 'Final',
          type: VideoType.PlayerTracking,
          canSelectPlayers: true,
          percentageCompleted: 66,
        }),
      ],
    },
  });
  api.on(`GET ${ApiPaths.selectTrackingPlayers}`, { body: teams });
  const app = renderApp({
    path: '/',
    apiBaseUrl: api.baseUrl,
    signedInAs: ['Coach'],
    clock: afterBanner,
  });
  const section = screen.getByRole('region', { name: 'Videos in progress' });
  await app.user.click(await within(section).findByRole('button', { name: 'Select Players' }));
  const dialog = await screen.findByRole('dialog', {
    name: 'Select Players & Set Details For New Video',
  });
  await within(dialog).findByLabelText('#07');
  return { app, dialog };
}

describe('Select Players & Set Details For New Video', () => {
  it('shows a radio per team with both colours and #NN checkboxes with the player photo', async () => {
    const { dialog } = await openDialog();
    expect(api.callsTo(`GET ${ApiPaths.selectTrackingPlayers}`)[0]!.path).toBe(
      `${ApiPaths.selectTrackingPlayers}?videoId=v1`,
    );
    const radios = within(dialog).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    expect(within(dialog).getByLabelText('Team A: red and white')).toBeChecked();
    expect(within(dialog).getByLabelText('Team B: blue and yellow')).not.toBeChecked();
    const swatches = dialog.querySelectorAll<HTMLElement>('.team-swatch');
    expect([...swatches].map((s) => s.style.background)).toEqual([
      'rgb(211, 47, 47)',
      'rgb(255, 255, 255)',
      'rgb(21, 101, 192)',
      'rgb(255, 235, 59)',
    ]);
    expect(within(dialog).getByLabelText('#07')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('#23')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Player #07' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Notes')).toHaveAttribute('rows', '5');
    expect(within(dialog).getByText('only visible to you')).toBeInTheDocument();
  });

  it("names each team's colours in words beside the swatches", async () => {
    const { dialog } = await openDialog();
    expect(within(dialog).getByText('Team A: red and white')).toBeVisible();
    expect(within(dialog).getByText('Team B: blue and yellow')).toBeVisible();
  });

  it('opens a player photo large on click, and closes it again', async () => {
    const { app, dialog } = await openDialog();
    await app.user.click(
      within(dialog).getByRole('button', { name: 'Show the photo of player #07 large' }),
    );
    const large = await screen.findByRole('dialog', { name: 'Player #07' });
    expect(within(large).getByRole('img', { name: 'Player #07, large' })).toHaveAttribute(
      'src',
      teams.teams[0]!.playerPhotos![0]!.url,
    );
    await app.user.click(within(large).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Player #07' })).toBeNull());
    expect(
      screen.getByRole('dialog', { name: 'Select Players & Set Details For New Video' }),
    ).toBeInTheDocument();
  });

  it('says so when a team has no readable players', async () => {
    teams.teams.push({
      teamLetter: 'C',
      primaryColor: '#1f2a44',
      secondaryColor: '#1f2a44',
      players: [],
    });
    try {
      const { app, dialog } = await openDialog();
      expect(within(dialog).getByText('(no readable numbers)')).toBeVisible();
      await app.user.click(within(dialog).getByLabelText(/^Team C: navy/));
      expect(within(dialog).getByText(ProcessingMessages.noReadablePlayers)).toBeVisible();
      expect(within(dialog).queryAllByRole('checkbox')).toHaveLength(0);
    } finally {
      teams.teams.pop();
    }
  });

  it('marks the required fields as required', async () => {
    const { dialog } = await openDialog();
    expect(within(dialog).getByLabelText('Video Name')).toHaveAttribute('aria-required', 'true');
    expect(within(dialog).getByLabelText('Video Description')).toHaveAttribute(
      'aria-required',
      'true',
    );
    expect(within(dialog).getByLabelText('Notes')).not.toHaveAttribute('aria-required');
    expect(within(dialog).getByRole('radiogroup', { name: 'Jersey Color' })).toHaveAttribute(
      'aria-required',
      'true',
    );
    expect(within(dialog).getByRole('group', { name: 'Select Players' })).toBeInTheDocument();
    expect(within(dialog).getByText('Required field')).toBeVisible();
  });

  it('shows every validation message as a toast and sends nothing', async () => {
    const { app, dialog } = await openDialog();
    expect(within(dialog).getByLabelText('Video Name')).toHaveValue('Final');
    await app.user.clear(within(dialog).getByLabelText('Video Name'));
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toastTexts()).toEqual([
        Messages.videoNameRequired,
        Messages.videoDescriptionRequired,
        Messages.selectPlayer,
      ]),
    );
    expect(api.callsTo(`POST ${ApiPaths.selectTrackingPlayers}`)).toEqual([]);
  });

  it('sends the trimmed details, the team and the players, and shows the answer as a toast', async () => {
    api.on(`POST ${ApiPaths.selectTrackingPlayers}`, {
      body: { message: ProcessingMessages.playersSelected },
    });
    const { app, dialog } = await openDialog();
    await app.user.clear(within(dialog).getByLabelText('Video Name'));
    await app.user.type(within(dialog).getByLabelText('Video Name'), '  Number 4  ');
    await app.user.type(within(dialog).getByLabelText('Video Description'), ' Blocks ');
    await app.user.type(within(dialog).getByLabelText('Notes'), ' for scouts ');
    await app.user.click(within(dialog).getByLabelText('Team B: blue and yellow'));
    expect(within(dialog).queryByLabelText('#07')).not.toBeInTheDocument();
    await app.user.click(within(dialog).getByLabelText('#04'));
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toastTexts()).toEqual([ProcessingMessages.playersSelected]));
    expect(api.callsTo(`POST ${ApiPaths.selectTrackingPlayers}`).map((c) => c.body)).toEqual([
      {
        videoId: 'v1',
        title: 'Number 4',
        description: 'Blocks',
        notes: 'for scouts',
        teamLetter: 'B',
        selectedPlayers: [4],
      },
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Select Players & Set Details For New Video' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('names the new video after its source and the chosen players until the user names it', async () => {
    api.on(`POST ${ApiPaths.selectTrackingPlayers}`, {
      body: { message: ProcessingMessages.playersSelected },
    });
    const { app, dialog } = await openDialog();
    const name = within(dialog).getByLabelText('Video Name');
    expect(name).toHaveValue('Final');
    await app.user.click(within(dialog).getByLabelText('#23'));
    await app.user.click(within(dialog).getByLabelText('#07'));
    expect(name).toHaveValue(`Final · #23, #7 (${colourName('#d32f2f')})`);
    await app.user.type(within(dialog).getByLabelText('Video Description'), 'Wings');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo(`POST ${ApiPaths.selectTrackingPlayers}`)[0]?.body).toMatchObject({
        title: `Final · #23, #7 (${colourName('#d32f2f')})`,
        selectedPlayers: [23, 7],
      }),
    );
  });
});
