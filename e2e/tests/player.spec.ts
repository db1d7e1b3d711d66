import type { Locator, Page } from '@playwright/test';
import { seriousAxeFindings } from '../support/axe.js';
import { expect, test } from '../support/fixtures.js';
import { realClip, realClipAs, twoPlaysFrom } from '../support/real-clips.js';
import { signUpAndLogIn } from '../support/session.js';

// American football broadcast film, 4 s at 29.97 frames per second.
const FPS = 30000 / 1001;
const clip = realClip(
  'amfb_dhingratul_clip1.mp4',
  'the preview player steps frame by frame, shuttles with J/K/L, changes speed, loops a range and lists its shortcuts',
);
const twoPlays = realClip(
  'amfb_dhingratul_clip1.mp4',
  'an Inactivity Filter output is marked play by play, and next/previous step between its plays',
);

async function currentTime(video: Locator): Promise<number> {
  return video.evaluate((element: HTMLVideoElement) => element.currentTime);
}

async function uploadToLibrary(page: Page, file: string): Promise<void> {
  await page.getByRole('button', { name: 'Upload to Video Library' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Video' });
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload to Video Library' }).click();
  const uploaded = page.getByRole('dialog', { name: 'Video successfully uploaded!' });
  await expect(uploaded).toBeVisible({ timeout: 60_000 });
  await page.keyboard.press('Escape');
  await expect(uploaded).toBeHidden();
}

/** Opens a card's preview and waits until its first picture can be shown. */
async function openPreview(page: Page, card: Locator, title: string): Promise<Locator> {
  await card.getByRole('button', { name: `Play ${title}` }).click();
  const preview = page.getByRole('dialog', { name: title });
  const video = preview.locator('video');
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(2);
  return preview;
}

test(clip.title, async ({ page, app, mailbox }) => {
  test.skip(!clip.path, clip.title);
  test.setTimeout(180_000);
  await signUpAndLogIn(page, app.baseUrl, mailbox, 'Coach', 'scout');
  await uploadToLibrary(page, await realClipAs(clip.path!, 'Snap count.mp4'));

  const card = page.getByRole('region', { name: 'All Videos' }).getByRole('group', {
    name: 'Snap count',
  });
  await expect(card.locator('img')).toHaveAttribute('src', /\/api\/media\//, { timeout: 90_000 });
  const preview = await openPreview(page, card, 'Snap count');
  const video = preview.locator('video');
  const player = preview.getByRole('group', { name: 'Snap count player' });
  await expect(player).toBeFocused();

  // '.' shows the next frame, ',' the previous one: one frame is 1/29.97 s of this film.
  expect(await currentTime(video)).toBe(0);
  await page.keyboard.press('.');
  await expect.poll(() => currentTime(video)).toBeCloseTo(1 / FPS, 2);
  await page.keyboard.press('.');
  await expect.poll(() => currentTime(video)).toBeCloseTo(2 / FPS, 2);
  await page.keyboard.press(',');
  await expect.poll(() => currentTime(video)).toBeCloseTo(1 / FPS, 2);
  await preview.getByRole('button', { name: 'Next frame' }).click();
  await expect.poll(() => currentTime(video)).toBeCloseTo(2 / FPS, 2);

  // L plays forward and doubles on a second press; K stops; J goes back.
  await player.focus();
  await page.keyboard.press('l');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  await page.keyboard.press('l');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(2);
  await page.waitForTimeout(600);
  await page.keyboard.press('k');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  const stopped = await currentTime(video);
  expect(stopped).toBeGreaterThan(0.5);
  await page.keyboard.press('j');
  await expect.poll(() => currentTime(video)).toBeLessThan(stopped - 0.2);
  await page.keyboard.press('k');

  // Speeds: 0.25x, 0.5x, 1x, 2x, the pressed one shown as pressed.
  const speed = preview.getByRole('group', { name: 'Speed' });
  for (const rate of [0.25, 0.5, 2, 1]) {
    await speed.getByRole('button', { name: `${rate}x` }).click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(rate);
    await expect(speed.getByRole('button', { name: `${rate}x` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }

  // A loop from 1.0 s to 1.6 s keeps playback inside it.
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 1));
  await preview.getByRole('button', { name: 'Set loop start' }).click();
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 1.6));
  await preview.getByRole('button', { name: 'Set loop end' }).click();
  await expect(preview.getByText('Looping 0:01.0 – 0:01.6')).toBeVisible();
  await video.evaluate((v: HTMLVideoElement) => v.play());
  await page.waitForTimeout(1500);
  const inLoop: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    inLoop.push(await currentTime(video));
    await page.waitForTimeout(150);
  }
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  for (const time of inLoop) {
    expect(time).toBeGreaterThanOrEqual(0.99);
    expect(time).toBeLessThan(1.75);
  }
  await preview.getByRole('button', { name: 'Clear loop' }).click();

  // The shortcuts are listed in the player, '?' shows them too.
  const toggle = preview.getByRole('button', { name: 'Keyboard shortcuts' });
  await toggle.click();
  const list = preview.getByRole('table', { name: 'Keyboard shortcuts' });
  await expect(list).toBeVisible();
  for (const [key, description] of [
    ['.', 'Next frame'],
    [',', 'Previous frame'],
    ['J', 'Play backwards (press again: faster)'],
    ['K', 'Pause'],
    ['L', 'Play forwards (press again: faster)'],
    ['I', 'Set loop start here'],
  ]) {
    await expect(list.getByRole('row', { name: `${key} ${description}` })).toBeVisible();
  }
  expect(await seriousAxeFindings(page, '.p-dialog')).toEqual([]);
  await toggle.click();
  await expect(list).toBeHidden();

  // Download stays where the spec puts it.
  await expect(preview.getByRole('button', { name: 'Download Video' })).toBeVisible();
});

test(twoPlays.title, async ({ page, app, mailbox }) => {
  test.skip(!twoPlays.path, twoPlays.title);
  test.setTimeout(300_000);
  await signUpAndLogIn(page, app.baseUrl, mailbox, 'Coach', 'coach');
  const film = await twoPlaysFrom(twoPlays.path!, 'Two snaps.mp4');

  await page.getByRole('button', { name: 'Inactivity Filter' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Video for Inactivity Filtering' });
  await dialog.locator('input[type="file"]').setInputFiles(film);
  await dialog.getByRole('button', { name: 'Run Inactivity Filter' }).click();
  const uploaded = page.getByRole('dialog', { name: 'Video successfully uploaded!' });
  await uploaded.getByRole('button', { name: 'Close' }).click({ timeout: 60_000 });

  const output = page
    .getByRole('region', { name: 'Inactivity Filtering Videos' })
    .getByRole('group', { name: 'Two snaps' })
    .first();
  await expect(output).toBeVisible({ timeout: 180_000 });
  // The card tells the output from its source: the tool, its length, and what it kept of what.
  await expect(
    output.getByText(/^Inactivity Filter · 0:\d\d of 0:\d\d kept, 2 plays$/),
  ).toBeVisible();
  await expect(output.getByLabel(/^Length 0:\d\d$/)).toBeVisible();
  const preview = await openPreview(page, output, 'Two snaps');
  const video = preview.locator('video');
  const plays = preview.getByRole('group', { name: 'Plays' });
  await expect(plays.getByText('Play 1 of 2')).toBeVisible();

  // Next goes to the start of the second play; previous (right at its start) back to the first.
  await page.keyboard.press('n');
  await expect(plays.getByText('Play 2 of 2')).toBeVisible();
  const second = await currentTime(video);
  expect(second).toBeGreaterThan(3);
  const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
  expect(second).toBeLessThan(duration - 2);
  await page.keyboard.press('p');
  await expect(plays.getByText('Play 1 of 2')).toBeVisible();
  expect(await currentTime(video)).toBe(0);
  await plays.getByRole('button', { name: 'Next play' }).click();
  await expect.poll(() => currentTime(video)).toBeCloseTo(second, 2);
  await plays.getByRole('button', { name: 'Previous play' }).click();
  await expect.poll(() => currentTime(video)).toBe(0);

  // The shortcuts list names the play keys on a filtered video.
  await preview.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const list = preview.getByRole('table', { name: 'Keyboard shortcuts' });
  await expect(list.getByRole('row', { name: 'N Next play or clip' })).toBeVisible();
  await expect(list.getByRole('row', { name: 'P Previous play or clip' })).toBeVisible();
});
