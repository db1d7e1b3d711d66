import type { Page } from '@playwright/test';
import { seriousAxeFindings } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { makeTestVideo } from '../support/media.js';
import { signUpAndLogIn } from '../support/session.js';

/** Every serious or critical axe finding of the page (or of one dialog) fails the test, by name. */
async function expectNoSeriousFindings(page: Page, where: string, within?: string): Promise<void> {
  const findings = await seriousAxeFindings(page, within);
  expect.soft(findings, `axe findings on ${where}`).toEqual([]);
}

test('the account pages have no serious accessibility findings', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expectNoSeriousFindings(page, '/login');

  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
  await expectNoSeriousFindings(page, '/register');

  await page.goto('/reset-password');
  await expect(page.getByRole('button', { name: 'Send Email' })).toBeVisible();
  await expectNoSeriousFindings(page, '/reset-password');
});

test('home, its dialogs, settings and the public profile have no serious accessibility findings', async ({
  page,
  app,
  mailbox,
  browser,
}) => {
  await signUpAndLogIn(page, app.baseUrl, mailbox, 'Player', 'a11y');
  await expect(page.getByText('There are no videos in progress')).toBeVisible();
  await expectNoSeriousFindings(page, 'home (empty)');

  for (const [button, title] of [
    ['Upload to Video Library', 'Upload Video'],
    ['Inactivity Filter', 'Upload Video for Inactivity Filtering'],
    ['Player Tracking', 'Upload Video for Player Tracking'],
  ] as const) {
    await page.getByRole('button', { name: button }).first().click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expectNoSeriousFindings(page, `the ${title} dialog`, '.p-dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }

  const clip = await makeTestVideo('Scrimmage.mp4', 2, '320x240');
  await page.getByRole('button', { name: 'Upload to Video Library' }).first().click();
  const upload = page.getByRole('dialog', { name: 'Upload Video' });
  await upload.locator('input[type=file]').setInputFiles(clip);
  await upload.getByRole('button', { name: 'Upload to Video Library' }).click();
  const uploaded = page.getByRole('dialog', { name: 'Video successfully uploaded!' });
  await expect(uploaded).toBeVisible({ timeout: 60_000 });
  await expectNoSeriousFindings(page, 'the upload success dialog', '.p-dialog');
  await page.keyboard.press('Escape');

  const card = page.getByRole('region', { name: 'All Videos' }).getByRole('group', {
    name: 'Scrimmage',
  });
  await expect(card.locator('img')).toHaveAttribute('src', /\/api\/media\//, { timeout: 90_000 });
  await expectNoSeriousFindings(page, 'home (one video)');

  await card.getByRole('button', { name: 'Play Scrimmage' }).click();
  const preview = page.getByRole('dialog', { name: 'Scrimmage' });
  await expect(preview).toBeVisible();
  await expectNoSeriousFindings(page, 'the preview dialog', '.p-dialog');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await card.getByRole('button', { name: 'Share', exact: true }).click();
  const share = page.getByRole('dialog', { name: 'Add video to scoutSMART or download' });
  await expect(share).toBeVisible();
  await expectNoSeriousFindings(page, 'the share dialog', '.p-dialog');
  await share.getByRole('button', { name: 'Add to scoutSMART Profile' }).click();
  const shared = page.getByRole('dialog', { name: 'Video successfully shared to scoutSMART!' });
  await expect(shared).toBeVisible();
  await expectNoSeriousFindings(page, 'the share result dialog', '.p-dialog');
  await page.keyboard.press('Escape');
  await expect(shared).toBeHidden();

  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page.getByLabel('First Name')).toHaveValue('Casey');
  await expectNoSeriousFindings(page, '/settings');

  const popup = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Go To My scoutSMART Profile' }).first().click();
  const profileWindow = await popup;
  await profileWindow.waitForURL(/\/p\//);
  const profileUrl = profileWindow.url();
  await profileWindow.close();
  const visitor = await browser.newContext();
  try {
    const profile = await visitor.newPage();
    await profile.goto(profileUrl);
    await expect(profile.getByRole('heading', { name: 'Scrimmage' })).toBeVisible();
    await expectNoSeriousFindings(profile, 'the public profile');
  } finally {
    await visitor.close();
  }
});
