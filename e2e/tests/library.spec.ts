import { statSync } from 'node:fs';
import { expect, test } from '../support/fixtures.js';
import { makeTestVideo } from '../support/media.js';
import { expectToast, signUpAndLogIn } from '../support/session.js';

test('a player uploads a film, watches, edits, finds, downloads and deletes it', async ({
  page,
  app,
  mailbox,
}) => {
  await signUpAndLogIn(page, app.baseUrl, mailbox, 'Player');
  const film = await makeTestVideo('practice-film.mp4', 6);

  // Slow the upload down so its progress is visible, as on a real connection.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: Math.ceil(statSync(film).size / 3),
  });

  await page.getByRole('button', { name: 'Upload to Video Library' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Video' });
  await expect(dialog).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles(film);
  await expect(dialog.getByText('practice-film.mp4')).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload to Video Library' }).click();

  const loader = page.getByRole('alertdialog', { name: 'Loading' });
  await expect(loader.getByText(/Uploading \d+%/)).toBeVisible();
  await expect(page.getByText('Video successfully uploaded!')).toBeVisible({ timeout: 60_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByText('Your video is now in your Video Library.')).toBeVisible();

  // Name it through the success dialog.
  await page.getByRole('button', { name: 'Edit Video Details' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Video Details' });
  await edit.getByLabel('Video Name').fill('Semifinal vs Tigers');
  await edit.getByLabel('Video Description').fill('Second half, sideline camera');
  await edit.getByLabel('Notes').fill('Watch the weak-side rotation');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Video details edited successfully');

  // It sits first in All Videos, and gets its thumbnail once ingested.
  const library = page.getByRole('region', { name: 'Video Library' });
  const card = library.getByRole('group', { name: 'Semifinal vs Tigers' }).first();
  await expect(card).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /\/api\/media\//, { timeout: 90_000 });

  // Preview plays the video.
  await card.getByRole('button', { name: 'Play Semifinal vs Tigers' }).click();
  const preview = page.getByRole('dialog', { name: 'Semifinal vs Tigers' });
  await expect(preview.getByText('Second half, sideline camera')).toBeVisible();
  await expect(preview.getByText('Watch the weak-side rotation')).toBeVisible();
  const video = preview.locator('video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(2);

  // Download it under its title.
  const downloadStarted = page.waitForEvent('download');
  await preview.getByRole('button', { name: 'Download Video' }).click();
  const download = await downloadStarted;
  expect(download.suggestedFilename()).toBe('Semifinal vs Tigers.mp4');
  const saved = await download.path();
  expect(statSync(saved).size).toBeGreaterThan(10_000);
  await page.keyboard.press('Escape');

  // Search finds it case-insensitively and trims; a miss shows the empty text.
  const search = page.getByLabel('Search all videos');
  await search.fill('  tigers ');
  await expect(library.getByRole('group', { name: 'Semifinal vs Tigers' }).first()).toBeVisible();
  await search.fill('volleyball');
  await expect(library.getByText('There are no videos for current filters').first()).toBeVisible();
  await search.fill('');

  // Delete it after confirming.
  await library
    .getByRole('group', { name: 'Semifinal vs Tigers' })
    .first()
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Are you sure you want to delete the video?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expectToast(page, 'Video deleted successfully');
  await expect(library.getByRole('group', { name: 'Semifinal vs Tigers' })).toHaveCount(0);
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Video Library' })
      .getByText('There are no videos for current filters')
      .first(),
  ).toBeVisible();
});
