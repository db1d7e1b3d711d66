import { PASSWORD, registerAndActivate } from '../support/accounts.js';
import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { makeTestVideo } from '../support/media.js';

test('a player shares an uploaded video and the public profile plays it without login', async ({
  page,
  mailbox,
  appUrl,
  browser,
}) => {
  const email = uniqueEmail('sharer');
  await registerAndActivate(appUrl, mailbox, email, 'Player');
  const clip = await makeTestVideo('share-clip.mp4', 2, '320x240');

  // Log in through the UI.
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Upload the clip to the library.
  await page.getByRole('button', { name: 'Upload to Video Library' }).first().click();
  const uploadDialog = page.getByRole('dialog', { name: /Upload Video/ });
  await uploadDialog.locator('input[type=file]').setInputFiles(clip);
  await uploadDialog.getByRole('button', { name: 'Upload to Video Library' }).click();
  const uploaded = page.getByRole('dialog', { name: 'Video successfully uploaded!' });
  await expect(uploaded).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(uploaded).toBeHidden();

  // Share it from its card.
  const card = page
    .getByRole('region', { name: 'All Videos' })
    .getByRole('group', { name: 'share-clip' });
  await card.getByRole('button', { name: 'Share', exact: true }).click();
  const shareModal = page.getByRole('dialog', { name: 'Add video to scoutSMART or download' });
  await shareModal.getByRole('button', { name: 'Add to scoutSMART Profile' }).click();
  const success = page.getByRole('dialog', { name: 'Video successfully shared to scoutSMART!' });
  await expect(success).toBeVisible();
  await expect(success.getByText('share-clip')).toBeVisible();

  // The profile opens in a new window and the modal closes.
  const popup = page.context().waitForEvent('page');
  await success.getByRole('button', { name: 'Go to My scoutSMART Profile' }).click();
  const profileWindow = await popup;
  await profileWindow.waitForURL(/\/p\/casey-morgan-[0-9a-f]{12}$/);
  await expect(success).toBeHidden();
  const profileUrl = profileWindow.url();
  expect(profileUrl.startsWith(appUrl)).toBe(true);

  // Sharing again shows the already-uploaded modal.
  await card.getByRole('button', { name: 'Share', exact: true }).click();
  await shareModal.getByRole('button', { name: 'Add to scoutSMART Profile' }).click();
  await expect(
    page.getByRole('dialog', { name: 'This video has already been uploaded' }),
  ).toBeVisible();

  // A visitor with no session at all sees the profile and the video plays.
  const visitor = await browser.newContext();
  try {
    const profile = await visitor.newPage();
    await profile.goto(profileUrl);
    await expect(profile.getByRole('heading', { name: 'Casey Morgan' })).toBeVisible();
    await expect(profile.getByRole('heading', { name: 'share-clip' })).toBeVisible();
    const video = profile.locator('video').first();
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
        timeout: 20_000,
      })
      .toBeGreaterThanOrEqual(2);
    await video.evaluate((element: HTMLVideoElement) => element.play());
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThan(0);
    const download = profile.getByRole('link', { name: 'Download Video' });
    await expect(download).toHaveAttribute('href', /\/api\/public\/videos\/[\w-]{22}\?download=1$/);
  } finally {
    await visitor.close();
  }
});
