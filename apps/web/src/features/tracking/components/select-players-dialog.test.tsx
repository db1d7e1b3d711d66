import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiPaths,
  colourName,
  Messages,
  ProcessingMessages,
  VideoType,
  type TrackedPlayer,
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

const PHOTO = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';

const tracked = (
  id: string,
  number: number | null,
  seen: [number, number] = [0, 10],
  photoUrl: string | null = null,
): TrackedPlayer => ({
  id,
  number,
  numberedByCoach: false,
  photoUrl,
  onScreenSec: seen[1] - seen[0],
  firstSeenSec: seen[0],
  lastSeenSec: seen[1],
});

const teams: TrackingInfoResponse = {
  teams: [
    {
      teamLetter: 'A',
      primaryColor: '#d32f2f',
      secondaryColor: '#ffffff',
      players: [7, 23],
      trackedPlayers: [
        tracked('A-7', 7, [0, 10], PHOTO),
        tracked('A-23', 23),
        tracked('A-p5', null, [12, 31], PHOTO),
      ],
    },
    {
      teamLetter: 'B',
      primaryColor: '#1565c0',
      secondaryColor: '#ffeb3b',
      players: [4],
      trackedPlayers: [tracked('B-4', 4)],
    },
  ],
};

/** Opens the dialog and waits for the first team's list (`ready`: a player's label in it). */
async function openDialog(ready = '#07') {
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
  await within(dialog).findByLabelText(ready);
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
      PHOTO,
    );
    await app.user.click(within(large).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Player #07' })).toBeNull());
    expect(
      screen.getByRole('dialog', { name: 'Select Players & Set Details For New Video' }),
    ).toBeInTheDocument();
  });

  it('lists the players of a team without readable numbers by photo, and says so', async () => {
    const listed = teams.teams.splice(
      0,
      teams.teams.length,
      {
        teamLetter: 'A',
        primaryColor: '#1f2a44',
        secondaryColor: '#1f2a44',
        players: [],
        trackedPlayers: [tracked('A-p3', null, [65, 80], PHOTO)],
      },
      {
        teamLetter: 'B',
        primaryColor: '#2e7d32',
        secondaryColor: '#2e7d32',
        players: [],
        trackedPlayers: [],
      },
    );
    try {
      const { app, dialog } = await openDialog('Player seen 1:05–1:20');
      expect(within(dialog).getByText('(no readable numbers)')).toBeVisible();
      expect(within(dialog).getByText('(no players tracked)')).toBeVisible();
      await app.user.click(within(dialog).getByLabelText(/^Team A: navy/));
      expect(
        within(dialog).getByText(/No jersey numbers could be read for this team/),
      ).toBeVisible();
      expect(within(dialog).getByLabelText('Player seen 1:05–1:20')).not.toBeChecked();
      expect(within(dialog).getByText('no number · 15 s on screen')).toBeVisible();
      expect(within(dialog).getByRole('img', { name: 'Player seen 1:05–1:20' })).toBeVisible();
      await app.user.click(within(dialog).getByLabelText(/^Team B: green/));
      expect(within(dialog).getByText(ProcessingMessages.noTrackedPlayers)).toBeVisible();
      expect(within(dialog).queryAllByRole('checkbox')).toHaveLength(0);
    } finally {
      teams.teams.splice(0, teams.teams.length, ...listed);
    }
  });

  it('sends a player picked by photo by id beside the numbers, and names the video after both', async () => {
    api.on(`POST ${ApiPaths.selectTrackingPlayers}`, {
      body: { message: ProcessingMessages.playersSelected },
    });
    const { app, dialog } = await openDialog();
    await app.user.type(within(dialog).getByLabelText('Video Description'), 'Both');
    await app.user.click(within(dialog).getByLabelText('#07'));
    await app.user.click(within(dialog).getByLabelText('Player seen 0:12–0:31'));
    expect(within(dialog).getByLabelText('Video Name')).toHaveValue(
      'Final · #7, 1 picked by photo (red)',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo(`POST ${ApiPaths.selectTrackingPlayers}`)).toHaveLength(1),
    );
    expect(api.callsTo(`POST ${ApiPaths.selectTrackingPlayers}`)[0]!.body).toMatchObject({
      teamLetter: 'A',
      selectedPlayers: [7],
      selectedPlayerIds: ['A-p5'],
    });
  });

  it("takes the coach's number for a player and lists them under it, still chosen", async () => {
    const renumbered: TrackingInfoResponse = {
      teams: [
        {
          ...teams.teams[0]!,
          players: [7, 17, 23],
          trackedPlayers: [
            tracked('A-7', 7, [0, 10], PHOTO),
            { ...tracked('A-p5', 17, [12, 31], PHOTO), numberedByCoach: true },
            tracked('A-23', 23),
          ],
        },
        teams.teams[1]!,
      ],
    };
    api.on(`POST ${ApiPaths.trackingPlayerNumber}`, { body: renumbered });
    const { app, dialog } = await openDialog();
    await app.user.click(within(dialog).getByLabelText('Player seen 0:12–0:31'));
    await app.user.click(
      within(dialog).getByRole('button', { name: 'Set number of the player seen 0:12–0:31' }),
    );
    const input = within(dialog).getByLabelText('Jersey number of the player seen 0:12–0:31');
    await app.user.type(input, 'x');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save number' }));
    await waitFor(() => expect(toastTexts()).toEqual([ProcessingMessages.badJerseyNumber]));
    expect(api.callsTo(`POST ${ApiPaths.trackingPlayerNumber}`)).toEqual([]);
    await app.user.clear(input);
    await app.user.type(input, '17{Enter}');
    await waitFor(() =>
      expect(api.callsTo(`POST ${ApiPaths.trackingPlayerNumber}`).map((c) => c.body)).toEqual([
        { videoId: 'v1', playerId: 'A-p5', number: 17 },
      ]),
    );
    expect(await within(dialog).findByLabelText('#17')).toBeChecked();
    expect(within(dialog).getByText('your number · 19 s on screen')).toBeVisible();
    // Enter saved the number, not the dialog
    expect(api.callsTo(`POST ${ApiPaths.selectTrackingPlayers}`)).toEqual([]);
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
        selectedPlayerIds: [],
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
