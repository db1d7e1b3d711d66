import { seriousAxeFindings } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { realClip, realClipAs } from '../support/real-clips.js';
import { signUpAndLogIn } from '../support/session.js';

// Volleyball, 16 s of league film from a fixed end-line camera: one team's numbers are read at two
// moments, the other's are not (a number must be read at two moments to be listed, so a 4-s clip
// may list none). The run goes on to a video of one read player's clips.
const clip = realClip(
  'volleyball_ovideo_katsbeds.mp4',
  'Select Players on a real film: team colours in words, photos large, a team without readable numbers listed by photo and numbered by the coach, and a chosen player rendered',
);

/** The names colourName gives (packages/contract/src/colour-names.ts). */
const COLOUR = String.raw`(white|light grey|grey|dark grey|black|navy|blue|light blue|teal|red|maroon|orange|yellow|gold|green|light green|dark green|purple|pink|brown)`;
const TEAM_LABEL = new RegExp(`^Team [AB]: ${COLOUR}( and ${COLOUR})?$`);

test(clip.title, async ({ page, app, mailbox }) => {
  test.skip(!clip.path, clip.title);
  test.setTimeout(300_000);
  await signUpAndLogIn(page, app.baseUrl, mailbox, 'Coach', 'scout');

  await page.getByRole('button', { name: 'Player Tracking' }).first().click();
  const upload = page.getByRole('dialog', { name: 'Upload Video for Player Tracking' });
  await upload
    .locator('input[type="file"]')
    .setInputFiles(await realClipAs(clip.path!, 'Rally.mp4'));
  await upload.getByRole('button', { name: 'Run Player Tracking Filter' }).click();
  const uploaded = page.getByRole('dialog', { name: 'Video successfully uploaded!' });
  await uploaded.getByRole('button', { name: 'Close' }).click({ timeout: 60_000 });

  const card = page
    .getByRole('region', { name: 'Videos in progress' })
    .getByRole('listitem')
    .filter({ hasText: 'Rally (Player Tracking)' });
  await card.getByRole('button', { name: 'Select Players' }).click({ timeout: 240_000 });
  const select = page.getByRole('dialog', { name: 'Select Players & Set Details For New Video' });
  await expect(select.getByRole('radio').first()).toBeVisible();

  // Each team: swatches and its colours in words; the choice never rests on colour alone.
  const teams = select.getByRole('radiogroup', { name: 'Jersey Color' });
  await expect(teams).toHaveAttribute('aria-required', 'true');
  const labels = await teams.locator('label').allTextContents();
  expect(labels.length).toBe(2);
  for (const label of labels) {
    expect(label.replace('(no readable numbers)', '').trim()).toMatch(TEAM_LABEL);
  }
  await expect(select.getByLabel('Video Name')).toHaveAttribute('aria-required', 'true');
  await expect(select.getByLabel('Video Description')).toHaveAttribute('aria-required', 'true');
  expect(await seriousAxeFindings(page, '.select-players-dialog')).toEqual([]);

  // The team whose numbers were read lists them with the photo each was read from; it opens large.
  const players = select.getByRole('group', { name: 'Select Players' });
  const readable = labels.findIndex((label) => !label.includes('(no readable numbers)'));
  expect(readable).toBeGreaterThanOrEqual(0);
  await teams.getByRole('radio').nth(readable).check();
  const firstNumber = (await players.locator('label').first().textContent()) ?? '';
  expect(firstNumber).toMatch(/^#\d{2}$/);
  await players
    .getByRole('button', { name: `Show the photo of player ${firstNumber} large` })
    .click();
  const large = page.getByRole('dialog', { name: `Player ${firstNumber}` });
  const largeImage = large.getByRole('img', { name: `Player ${firstNumber}, large` });
  await expect(largeImage).toBeVisible();
  const shown = await largeImage.boundingBox();
  expect(shown?.height ?? 0).toBeGreaterThan(200);
  await page.keyboard.press('Escape');
  await expect(large).toBeHidden();
  await expect(select).toBeVisible();

  // A team without a readable number says so, lists its players by photo, and takes the coach's
  // number for one of them.
  const unreadable = labels.findIndex((label) => label.includes('(no readable numbers)'));
  if (unreadable >= 0) {
    await teams.getByRole('radio').nth(unreadable).check();
    await expect(players.getByText(/No jersey numbers could be read for this team/)).toBeVisible();
    const byPhoto = players.getByRole('button', { name: /^Set number of the player seen / });
    expect(await byPhoto.count()).toBeGreaterThan(0);
    await byPhoto.first().click();
    await players.getByRole('textbox', { name: /^Jersey number of the player seen / }).fill('42');
    await players.getByRole('button', { name: 'Save number' }).click();
    await expect(players.getByLabel('#42', { exact: true })).toBeVisible();
    await expect(players.getByText(/^your number · \d+ s on screen$/)).toBeVisible();
  }

  // The chosen player's clips of this real film become a new video that plays.
  await teams.getByRole('radio').nth(readable).check();
  const title = `Rally ${firstNumber}`;
  await select.getByLabel('Video Name').fill(title);
  await select.getByLabel('Video Description').fill('Every rally of our number');
  await players.getByLabel(firstNumber, { exact: true }).check();
  await select.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Players selected. We are preparing the video with their clips.'),
  ).toBeVisible();
  await expect(card).toBeHidden({ timeout: 180_000 });
  const output = page
    .getByRole('region', { name: 'Player Tracking Videos' })
    .getByRole('group', { name: title });
  await expect(output).toBeVisible({ timeout: 30_000 });
  await expect(
    output.getByText(/^Player Tracking · 0:\d\d of 0:1[56] kept, \d+ clips?$/),
  ).toBeVisible();
  // and says which team and number it follows
  await expect(output.getByText(new RegExp(`^Team [AB] \\(.+\\) · ${firstNumber}$`))).toBeVisible();
  await output.getByRole('button', { name: `Play ${title}` }).click();
  const video = page.getByRole('dialog', { name: title }).locator('video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(2);
  const duration = await video.evaluate((element: HTMLVideoElement) => element.duration);
  expect(duration).toBeGreaterThan(0.5);
  expect(duration).toBeLessThanOrEqual(16.5);
});
