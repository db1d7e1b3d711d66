import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.js';
import { gameFilm, stillFilm } from '../support/films.js';
import { expectToast, signUpAndLogIn } from '../support/session.js';
import type { Page } from '@playwright/test';

/** `sport`: the Sport the dialog shows preselected (`shown`) and the one chosen for this run. */
async function runInactivityFilter(
  page: Page,
  file: string,
  sport: { shown?: string; choose?: string } = {},
): Promise<void> {
  await page.getByRole('button', { name: 'Inactivity Filter' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Video for Inactivity Filtering' });
  await expect(dialog).toBeVisible();
  const sportField = dialog.getByRole('combobox', { name: 'Sport' });
  if (sport.shown) {
    await expect(sportField.locator('option:checked')).toHaveText(sport.shown);
  }
  if (sport.choose) await sportField.selectOption({ label: sport.choose });
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Run Inactivity Filter' }).click();
  const uploaded = page.getByRole('dialog', { name: 'Video successfully uploaded!' });
  await expect(
    uploaded.getByText("We're processing your video and will notify you when it is complete."),
  ).toBeVisible({ timeout: 60_000 });
  await uploaded.getByRole('button', { name: 'Close' }).click();
  await expect(uploaded).toBeHidden();
}

/** A copy of `file` under a name the test can find its card by. */
function named(file: string, name: string): string {
  const copy = path.join(path.dirname(file), name);
  copyFileSync(file, copy);
  return copy;
}

const FILM_SECONDS = 120;

test('the Inactivity Filter turns an uploaded film into a shorter video, with live progress and a mail', async ({
  page,
  app,
  mailbox,
}) => {
  test.setTimeout(330_000);
  const email = await signUpAndLogIn(page, app.baseUrl, mailbox, 'Coach', 'coach');
  // Long enough that the engine's progress stays between 33% and done over several of the
  // in-progress list's 3 s polls even on an idle machine (a 40 s film could finish between two).
  const film = named(await gameFilm(FILM_SECONDS), 'Home opener.mp4');

  await runInactivityFilter(page, film);

  const inProgress = page.getByRole('region', { name: 'Videos in progress' });
  const card = inProgress
    .getByRole('listitem')
    .filter({ hasText: 'Home opener (Inactivity Filter)' });
  await expect(card).toBeVisible({ timeout: 60_000 });
  const progress = card.getByRole('progressbar');
  // What is asserted is that the engine's progress shows, not how fast: on a loaded CI machine the
  // engine has taken over 90 s to report its first percent beside the other browser workers.
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 180_000 })
    .toBeGreaterThan(33);
  await expect(card).toBeHidden({ timeout: 120_000 });

  const mail = await mailbox.waitFor(email, /ready/i, { timeoutMs: 30_000 });
  expect(mail.text).toContain('Home opener');
  expect(mail.text).toContain(app.baseUrl);

  const filtered = page.getByRole('region', { name: 'Inactivity Filtering Videos' });
  const output = filtered.getByRole('group', { name: 'Home opener' }).first();
  await expect(output).toBeVisible({ timeout: 30_000 });
  await output.getByRole('button', { name: 'Play Home opener' }).click();
  const preview = page.getByRole('dialog', { name: 'Home opener' });
  const video = preview.locator('video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(2);
  const duration = await video.evaluate((element: HTMLVideoElement) => element.duration);
  expect(duration).toBeGreaterThan(3);
  expect(duration).toBeLessThan(FILM_SECONDS - 3);
});

test('a film without live play shows its error once, and a running job can be cancelled', async ({
  page,
  app,
  mailbox,
}) => {
  test.setTimeout(240_000);
  await signUpAndLogIn(page, app.baseUrl, mailbox, 'Coach', 'coach');
  const inProgress = page.getByRole('region', { name: 'Videos in progress' });

  await runInactivityFilter(page, await stillFilm('Empty gym.mp4'), {
    shown: 'Detect automatically',
    choose: 'Volleyball',
  });
  const failed = inProgress.getByRole('button', {
    name: 'Empty gym (Inactivity Filter) failed, show the error',
  });
  await expect(failed).toBeVisible({ timeout: 90_000 });
  await failed.click();
  const error = page.getByRole('dialog', { name: 'Empty gym (Inactivity Filter)' });
  await expect(error.getByText('No live play was found in this video.')).toBeVisible();
  await error.getByRole('button', { name: 'Close' }).click();
  await expect(failed).toBeHidden();
  await page.reload();
  await expect(inProgress.getByText('Empty gym (Inactivity Filter)')).toBeHidden();

  // The sport chosen for the last run is remembered for this user, across a reload.
  await runInactivityFilter(page, named(await gameFilm(120), 'Long practice.mp4'), {
    shown: 'Volleyball',
  });
  const card = inProgress
    .getByRole('listitem')
    .filter({ hasText: 'Long practice (Inactivity Filter)' });
  await expect(card).toBeVisible({ timeout: 60_000 });
  await card.getByRole('button', { name: 'Cancel' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel Video Processing' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expectToast(page, 'Video processing canceled successfully');
  await expect(card).toBeHidden();
  await page.reload();
  await expect(inProgress.getByText('There are no videos in progress')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Inactivity Filtering Videos' }).getByRole('group', {
      name: 'Long practice',
    }),
  ).toHaveCount(0);
});

test('a coach reviews the cuts: Cut more re-decides at once, a cut stretch is restored, and Save renders that', async ({
  page,
  app,
  mailbox,
}) => {
  test.setTimeout(300_000);
  await signUpAndLogIn(page, app.baseUrl, mailbox, 'Coach', 'coach');
  await runInactivityFilter(page, named(await gameFilm(FILM_SECONDS), 'Review game.mp4'));

  const filtered = page.getByRole('region', { name: 'Inactivity Filtering Videos' });
  const output = filtered.getByRole('group', { name: 'Review game' }).first();
  await expect(output).toBeVisible({ timeout: 180_000 });
  const keptText = output.getByText(/ kept, /);
  const keptBefore = await keptText.textContent();
  await output.getByRole('button', { name: 'Play Review game' }).click();
  await page
    .getByRole('dialog', { name: 'Review game' })
    .getByRole('button', { name: 'Review cuts' })
    .click();

  const review = page.getByRole('dialog', { name: 'Review cuts: Review game' });
  const summary = review.getByText(/^Kept \d+:\d\d of 2:00, \d+ plays?$/);
  await expect(summary).toBeVisible({ timeout: 30_000 });
  const decided = await summary.textContent();
  const stretches = review
    .getByRole('list', { name: 'Kept and cut stretches' })
    .getByRole('listitem');
  expect(await stretches.count()).toBeGreaterThan(2);

  // "Cut more" re-decides the whole film from the stored analysis, within seconds
  await review.getByRole('button', { name: 'Cut more' }).click();
  await expect(summary).not.toHaveText(decided!, { timeout: 3_000 });
  await review.getByRole('button', { name: 'Keep more' }).click();
  await expect(summary).toHaveText(decided!, { timeout: 3_000 });

  // one click restores a cut stretch (the longest, so the output visibly changes), by keyboard too
  const start = await review.locator('li.cut-review__stretch--cut').evaluateAll((items) => {
    const lengthOf = (item: Element) =>
      Number(item.getAttribute('data-end')) - Number(item.getAttribute('data-start'));
    return items.reduce((a, b) => (lengthOf(b) > lengthOf(a) ? b : a)).getAttribute('data-start');
  });
  const cut = review.locator(`li[data-start="${start}"]`);
  const restore = cut.getByRole('button', { name: /^Restore / });
  await restore.focus();
  await page.keyboard.press('Enter');
  await expect(cut).toContainText('Restored by you');
  await expect(summary).not.toHaveText(decided!);
  const keptSec = await review
    .locator('li.cut-review__stretch--kept')
    .evaluateAll((items) =>
      items.reduce(
        (sum, item) =>
          sum + Number(item.getAttribute('data-end')) - Number(item.getAttribute('data-start')),
        0,
      ),
    );

  // usable on a phone: nothing wider than the screen, every control in reach
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => review.evaluate((element) => element.scrollWidth <= element.clientWidth + 1))
    .toBe(true);
  await review.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Saving your cuts. The video is updated when they are ready.');
  await expect(review).toBeHidden();
  await expect(keptText).not.toHaveText(keptBefore!, { timeout: 120_000 });

  await output.getByRole('button', { name: 'Play Review game' }).click();
  const video = page.getByRole('dialog', { name: 'Review game' }).locator('video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(1);
  const duration = await video.evaluate((element: HTMLVideoElement) => element.duration);
  expect(Math.abs(duration - keptSec)).toBeLessThanOrEqual(0.5);
});
