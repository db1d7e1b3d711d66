import path from 'node:path';
import type { Page } from '@playwright/test';
import { seriousAxeFindings } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { makeTestVideo } from '../support/media.js';
import { realClip, realClipAs, stillFrom, twoPlaysFrom } from '../support/real-clips.js';
import { saveScreenshot } from '../support/screenshots.js';
import { signUpAndLogIn } from '../support/session.js';

const clip = realClip('bball_py0922_basketball.mp4', 'a real game clip');

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
    await page.getByRole('button', { name: button, exact: true }).first().click();
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

const MODES = {
  library: ['Upload to Video Library', 'Upload Video', 'Upload to Video Library'],
  inactivity: [
    'Inactivity Filter',
    'Upload Video for Inactivity Filtering',
    'Run Inactivity Filter',
  ],
} as const;

/** Sends `file` to a tool (or the library) from Home's upload area and closes the success dialog. */
async function sendFrom(page: Page, mode: keyof typeof MODES, file: string): Promise<void> {
  const [button, title, submit] = MODES[mode];
  await page
    .getByRole('region', { name: 'Upload a video to edit' })
    .getByRole('button', { name: button, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.locator('input[type=file]').setInputFiles(file);
  await expect(dialog.getByText(path.basename(file))).toBeVisible();
  await dialog.getByRole('button', { name: submit }).click();
  const uploaded = page.getByRole('dialog', { name: 'Video successfully uploaded!' });
  await expect(uploaded).toBeVisible({ timeout: 60_000 });
  await uploaded.getByRole('button', { name: 'Close' }).click();
  await expect(uploaded).toBeHidden();
}

test('home with a failed card, the error and confirm dialogs have no serious accessibility findings; the failed run’s source stays in the library', async ({
  page,
  app,
  mailbox,
}) => {
  test.skip(!clip.path, clip.title);
  test.setTimeout(300_000);
  await signUpAndLogIn(page, app.baseUrl, mailbox, 'Coach', 'a11y-failed');
  const inProgress = page.getByRole('region', { name: 'Videos in progress' });

  await sendFrom(page, 'inactivity', await stillFrom(clip.path!, 'Frozen tip-off.mp4'));
  const failed = inProgress.getByRole('button', {
    name: 'Frozen tip-off (Inactivity Filter) failed, show the error',
  });
  await expect(failed).toBeVisible({ timeout: 120_000 });
  await expectNoSeriousFindings(page, 'home (a failed card)');
  await saveScreenshot(page, 'home-failed-card');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousFindings(page, 'home at 390 px (a failed card)');
  await saveScreenshot(page, 'home-failed-card');
  await page.setViewportSize({ width: 1440, height: 900 });

  await sendFrom(page, 'library', await realClipAs(clip.path!, 'Tip-off.mp4'));
  const card = page.getByRole('region', { name: 'All Videos' }).getByRole('group', {
    name: 'Tip-off',
  });
  await expect(card).toBeVisible({ timeout: 60_000 });

  await card.getByRole('button', { name: 'Delete' }).click();
  const deleting = page.getByRole('dialog', { name: 'Delete Video' });
  await expect(deleting).toBeVisible();
  await expectNoSeriousFindings(page, 'the Delete Video dialog', '.p-confirm-dialog');
  await saveScreenshot(page, 'delete-dialog');
  await deleting.getByRole('button', { name: 'No' }).click();
  await expect(deleting).toBeHidden();

  await page
    .getByRole('region', { name: 'Upload a video to edit' })
    .getByRole('button', { name: 'Player Tracking', exact: true })
    .click();
  const picker = page.getByRole('dialog', { name: 'Upload Video for Player Tracking' });
  await expect(picker.getByRole('option', { name: /Tip-off/ })).toBeVisible();
  await saveScreenshot(page, 'upload-dialog-picker');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousFindings(page, 'the tool upload dialog at 390 px', '.p-dialog');
  await saveScreenshot(page, 'upload-dialog-picker');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();

  await sendFrom(page, 'inactivity', await twoPlaysFrom(clip.path!, 'Second half.mp4'));
  const running = inProgress.getByRole('listitem').filter({ hasText: 'Second half' });
  await running.getByRole('button', { name: 'Cancel' }).click();
  const cancelling = page.getByRole('dialog', { name: 'Cancel Video Processing' });
  await expect(cancelling).toBeVisible();
  await expectNoSeriousFindings(page, 'the Cancel Video Processing dialog', '.p-confirm-dialog');
  await cancelling.getByRole('button', { name: 'No' }).click();

  await failed.click();
  const error = page.getByRole('dialog', { name: 'Frozen tip-off (Inactivity Filter)' });
  await expect(error).toBeVisible();
  await expectNoSeriousFindings(page, 'the error dialog', '.p-dialog');
  await error.getByRole('button', { name: 'Close' }).click();

  // The film uploaded for the failed run stays in the library, marked as that run's source.
  const kept = page
    .getByRole('region', { name: 'All Videos' })
    .getByRole('group', { name: 'Frozen tip-off', exact: true });
  await expect(kept).toBeVisible({ timeout: 30_000 });
  await expect(kept.getByText(/^Source of a failed Inactivity Filter run: /)).toBeVisible();
  await saveScreenshot(page, 'home-failed-run-source-in-library');
});
