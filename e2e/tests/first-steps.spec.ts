import type { Locator, Page } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { linkIn } from '../support/mailbox.js';
import { realClip, realClipAs, twoPlaysFrom } from '../support/real-clips.js';
import { saveScreenshot } from '../support/screenshots.js';
import { signUpAndLogIn } from '../support/session.js';

const clip = realClip('bball_py0922_basketball.mp4', 'a real game clip');

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

const toasts = (page: Page) => page.locator('.p-toast-message');
const errorToasts = (page: Page) => page.locator('.p-toast-message-error');

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Fails when a toast covers any of the form's fields, or the stack starts off the screen. */
async function expectToastsClearOf(page: Page, fields: Locator): Promise<void> {
  const toastBoxes = await toasts(page).evaluateAll((elements) =>
    elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
  );
  const fieldBoxes = await fields.evaluateAll((elements) =>
    elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
  );
  for (const toast of toastBoxes) {
    expect(toast.x, 'toast starts on screen').toBeGreaterThanOrEqual(0);
    for (const field of fieldBoxes)
      expect(overlaps(toast, field), 'toast over a field').toBe(false);
  }
}

for (const size of SIZES) {
  test(`register at ${size.width}x${size.height}: a fix closes its toast, a resubmit replaces them, then activation twice`, async ({
    page,
    mailbox,
  }) => {
    await page.setViewportSize(size);
    await page.goto('/register');
    const register = page.getByRole('button', { name: 'Register' });
    await register.click();
    await expect(errorToasts(page).first()).toBeVisible();
    const first = await errorToasts(page).count();
    expect(first).toBeGreaterThanOrEqual(5);
    await saveScreenshot(page, 'register-errors');

    await page.getByLabel('First Name').fill('Casey');
    await expect(errorToasts(page)).toHaveCount(first - 1);
    await expect(errorToasts(page).filter({ hasText: 'First name is required' })).toHaveCount(0);

    await register.click();
    await register.click();
    await expect(errorToasts(page)).toHaveCount(first - 1);
    if (size.width < 600) await expectToastsClearOf(page, page.locator('form input, form select'));
    await saveScreenshot(page, 'register-after-fix-and-resubmit');

    const email = uniqueEmail('first-steps');
    await page.getByLabel('Last Name').fill('Morgan');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Role').selectOption('Coach');
    await page.getByLabel('Password', { exact: true }).fill('Kickoff#2026');
    await page.getByLabel('Confirm Password').fill('Kickoff#2026');
    await register.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(errorToasts(page)).toHaveCount(0);
    await expect(page.getByText('User registered successfully!')).toBeVisible();
    await expect(page.getByText(/sent you an activation e-mail.*spam/)).toBeVisible();
    await saveScreenshot(page, 'login-after-register');

    const link = linkIn(await mailbox.waitFor(email, /activ/i), '/activate');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Account Activated' })).toBeVisible();
    await page.goto(link);
    await expect(
      page.getByText('This account is already active. You can log in now.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Account Activation Failed' })).toHaveCount(0);
    await saveScreenshot(page, 'activate-again');
  });
}

test.describe('upload dialog', () => {
  test.skip(!clip.path, clip.title);

  for (const size of SIZES) {
    test(`at ${size.width}x${size.height} a text file is refused with no byte sent, and a real clip is taken`, async ({
      page,
      app,
      mailbox,
    }) => {
      await page.setViewportSize(size);
      await signUpAndLogIn(page, app.baseUrl, mailbox, 'Coach', 'dropper');
      const writes: string[] = [];
      page.on('request', (request) => {
        if (request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`);
      });

      await page
        .getByRole('region', { name: 'Upload a video to edit' })
        .getByRole('button', { name: 'Inactivity Filter', exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Upload Video for Inactivity Filtering' });
      await expect(dialog).toBeVisible();
      await dialog.locator('input[type=file]').setInputFiles({
        name: 'roster.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Name,Number\nSmith,12\nJones,7\n'),
      });
      await expect(dialog.getByRole('alert')).toHaveText(
        'roster.txt is not a video file. Choose a video such as MP4, MOV, WebM, MKV or AVI.',
      );
      await saveScreenshot(page, 'upload-refused-text-file');
      expect(writes).toEqual([]);

      await dialog
        .locator('input[type=file]')
        .setInputFiles(await realClipAs(clip.path!, 'Tip-off.mp4'));
      await expect(dialog.getByText('Tip-off.mp4')).toBeVisible();
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      expect(writes).toEqual([]);
    });
  }
});

test.describe('in progress', () => {
  test.skip(!clip.path, clip.title);

  test('a run behind another says Queued until a worker takes it, and the output is named after its source and tool', async ({
    page,
    app,
    mailbox,
  }) => {
    test.setTimeout(240_000);
    await signUpAndLogIn(page, app.baseUrl, mailbox, 'Coach', 'queued');
    const inProgress = page.getByRole('region', { name: 'Videos in progress' });
    // The first film is long enough (its clip played ten times) that its run is still going when
    // the second is queued behind it, however fast the machine.
    for (const [name, loops] of [
      ['First half.mp4', 9],
      ['Second half.mp4', 0],
    ] as const) {
      await page
        .getByRole('region', { name: 'Upload a video to edit' })
        .getByRole('button', { name: 'Inactivity Filter', exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Upload Video for Inactivity Filtering' });
      await dialog
        .locator('input[type=file]')
        .setInputFiles(await twoPlaysFrom(clip.path!, name, loops));
      await expect(dialog.getByText(name)).toBeVisible();
      await dialog.getByRole('button', { name: 'Run Inactivity Filter' }).click();
      const uploaded = page.getByRole('dialog', { name: 'Video successfully uploaded!' });
      await expect(uploaded).toBeVisible({ timeout: 60_000 });
      await uploaded.getByRole('button', { name: 'Close' }).click();
    }
    const second = inProgress.getByRole('listitem').filter({ hasText: 'Second half' });
    await expect(second.locator('.in-progress-card__state')).toHaveText(/^Queued/, {
      timeout: 30_000,
    });
    await saveScreenshot(page, 'home-queued');
    // Once the first is done a worker takes the second: it leaves Queued (for a percentage, or done).
    await expect
      .poll(
        async () =>
          (await second.count()) === 0
            ? 'done'
            : await second.locator('.in-progress-card__state').textContent(),
        { timeout: 180_000 },
      )
      .toMatch(/^(Processing \d+%|done)$/);

    // The output is named after its source and the tool; the source keeps its own name.
    const filtered = page.getByRole('region', { name: 'Inactivity Filtering Videos' });
    await expect(
      filtered.getByRole('group', { name: 'First half · Inactivity Filter', exact: true }),
    ).toBeVisible({ timeout: 120_000 });
    await saveScreenshot(page, 'home-output-title');
  });
});
