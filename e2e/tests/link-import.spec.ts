import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test as base } from '../support/fixtures.js';
import { realClip } from '../support/real-clips.js';
import { expectToast, signUpAndLogIn } from '../support/session.js';

let cutOnceDownloads = 0;
const clip = realClip('amfb_dhingratul_clip1.mp4', 'iCloud links are checked when they are pasted');

/**
 * Stands in for iCloud: resolves the share `game1` to a real clip it serves, and no other share.
 * The app is told to resolve shares here, and may fetch from it (SSRF_ALLOW_HOSTS).
 */
const test = base.extend<object, { icloud: string }>({
  icloud: [
    async ({}, use) => {
      const server = createServer((request, response) => {
        if (request.url === '/resolve') {
          let body = '';
          request.on('data', (chunk: Buffer) => (body += chunk.toString()));
          request.on('end', () => {
            const shares = JSON.parse(body) as { shortGUIDs: { value: string }[] };
            const { port } = server.address() as AddressInfo;
            const share = shares.shortGUIDs[0]?.value ?? '';
            const found = share === 'game1' || share === 'cutonce';
            const files = share === 'cutonce' ? 'cutonce' : 'files';
            const record = {
              rootRecord: {
                fields: {
                  fileContent: {
                    value: { downloadURL: `http://localhost:${port}/${files}/\${f}` },
                  },
                  extension: { value: 'mp4' },
                },
              },
              share: { fields: { 'cloudkit.title': { value: 'Game 1' } } },
            };
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end(JSON.stringify({ results: found ? [record] : [] }));
          });
          return;
        }
        // The first download of a `cutonce` share stops halfway, like a dropped connection.
        if (request.url?.startsWith('/cutonce/') && clip.path && cutOnceDownloads++ === 0) {
          const size = statSync(clip.path).size;
          response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': size });
          createReadStream(clip.path, { end: Math.floor(size / 2) })
            .on('data', (chunk) => response.write(chunk))
            .on('end', () => response.destroy());
          return;
        }
        if (request.url?.match(/^\/(files|cutonce)\//) && clip.path) {
          response.writeHead(200, { 'content-type': 'video/mp4' });
          createReadStream(clip.path).pipe(response);
          return;
        }
        response.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      await use(`http://localhost:${(server.address() as AddressInfo).port}`);
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: 'worker' },
  ],
  serverEnv: [
    async ({ icloud }, use) =>
      use({ SSRF_ALLOW_HOSTS: 'localhost', ICLOUD_RESOLVE_URL: `${icloud}/resolve` }),
    { scope: 'worker' },
  ],
});

test.skip(!clip.path, clip.title);

async function openLibraryUpload(page: import('@playwright/test').Page) {
  await page.getByRole('button', { name: 'Upload to Video Library' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Video' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a pasted link that cannot be fetched is refused at submit with its reason', async ({
  page,
  app,
  mailbox,
}) => {
  await signUpAndLogIn(page, app.baseUrl, mailbox, 'Coach');

  const dialog = await openLibraryUpload(page);
  await dialog
    .getByLabel('iCloud link')
    .fill('https://www.icloud.com/iclouddrive/0gone4ever#Game_2');
  await dialog.getByRole('button', { name: 'Upload to Video Library' }).click();

  await expectToast(
    page,
    'The iCloud share could not be found. Check that the link is correct and the file is shared publicly.',
  );
  await expect(page.locator('.p-toast-message-error')).toBeVisible();
  await expect(page.getByText('Video successfully uploaded!')).toHaveCount(0);
  await expect(page.getByText('There are no videos in progress')).toBeVisible();

  // The dialog stays open with the pasted link, the reason beside it.
  const again = page.getByRole('dialog', { name: 'Upload Video' });
  await expect(again).toBeVisible();
  const field = again.getByLabel('iCloud link');
  await expect(field).toHaveValue('https://www.icloud.com/iclouddrive/0gone4ever#Game_2');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(again.locator('#upload-icloud-link-message')).toHaveText(
    'The iCloud share could not be found. Check that the link is correct and the file is shared publicly.',
  );
});

test('a pasted link that can be fetched is accepted and imported into the library', async ({
  page,
  app,
  mailbox,
}) => {
  await signUpAndLogIn(page, app.baseUrl, mailbox, 'Coach');

  const dialog = await openLibraryUpload(page);
  await dialog.getByLabel('iCloud link').fill('https://www.icloud.com/iclouddrive/game1#Game_1');
  await dialog.getByRole('button', { name: 'Upload to Video Library' }).click();

  await expect(page.getByText('Video successfully uploaded!')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Close' }).first().click();
  const library = page.getByRole('region', { name: 'Video Library' });
  await expect(library.getByRole('group', { name: 'Game 1' }).first()).toBeVisible({
    timeout: 90_000,
  });
});

test('an import cut off shows Failed with its reason, and Retry imports it', async ({
  page,
  app,
  mailbox,
}) => {
  await signUpAndLogIn(page, app.baseUrl, mailbox, 'Coach');

  const dialog = await openLibraryUpload(page);
  const link = 'https://www.icloud.com/iclouddrive/cutonce#Derby';
  await dialog.getByLabel('iCloud link').fill(link);
  await dialog.getByRole('button', { name: 'Upload to Video Library' }).click();
  await expect(page.getByText('Video successfully uploaded!')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Close' }).first().click();

  const inProgress = page.getByRole('region', { name: 'Videos in progress' });
  await expect(
    inProgress.getByText(
      `Failed: Could not import ${link}: The download of the linked video was cut off before it finished. Please try again.`,
    ),
  ).toBeVisible({ timeout: 60_000 });
  await inProgress.getByRole('button', { name: /^Retry / }).click();

  await expect(page.getByText('Trying again.')).toBeVisible();
  const library = page.getByRole('region', { name: 'Video Library' });
  await expect(library.getByRole('group', { name: 'Game 1' }).first()).toBeVisible({
    timeout: 90_000,
  });
  await expect(inProgress.getByText('There are no videos in progress')).toBeVisible();
});
