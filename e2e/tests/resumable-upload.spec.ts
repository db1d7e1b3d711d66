import { readdirSync, statSync } from 'node:fs';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { ResumableUploadPaths } from '@filmroom/contract';
import { PASSWORD, registerAndActivate } from '../support/accounts.js';
import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { makeTestVideo } from '../support/media.js';
import { realClip, realClipAs } from '../support/real-clips.js';
import { expectToast, signUpAndLogIn } from '../support/session.js';

const clip = realClip('bball_py0922_basketball.mp4', 'a real game clip');

async function throttleUpload(cdp: CDPSession, bytesPerSecond: number): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** The bytes the server holds of each unfinished upload: its files in DATA_DIR/uploads. */
function receivedOnServer(dataDir: string): Map<string, number> {
  const folder = path.join(dataDir, 'uploads');
  const sizes = new Map<string, number>();
  for (const name of readdirSync(folder)) {
    if (!name.endsWith('.json')) sizes.set(name, statSync(path.join(folder, name)).size);
  }
  return sizes;
}

/** The tus requests the page sends from now on: method, URL and the offset each PATCH starts at. */
function watchTusRequests(page: Page) {
  const sent: { method: string; url: string; offset: number | undefined }[] = [];
  page.on('request', (request) => {
    if (!request.url().includes(ResumableUploadPaths.base)) return;
    const offset = request.headers()['upload-offset'];
    sent.push({
      method: request.method(),
      url: request.url(),
      offset: offset === undefined ? undefined : Number(offset),
    });
  });
  return sent;
}

async function startLibraryUpload(page: Page, film: string): Promise<void> {
  await page.getByRole('button', { name: 'Upload to Video Library' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Video' });
  await dialog.locator('input[type="file"]').setInputFiles(film);
  await expect(dialog.getByText(path.basename(film))).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload to Video Library' }).click();
}

test('an upload cut off at half by a reload resumes without sending the first half again', async ({
  page,
  app,
  mailbox,
}) => {
  await signUpAndLogIn(page, app.baseUrl, mailbox, 'Coach');
  const film = clip.path
    ? await realClipAs(clip.path, 'Resumed game.mp4')
    : await makeTestVideo('Resumed game.mp4', 12);
  const size = statSync(film).size;

  // A slow link (the whole file in about 10 s), so the cut lands in the middle.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await throttleUpload(cdp, Math.ceil(size / 10));
  await startLibraryUpload(page, film);
  const loader = page.getByRole('alertdialog', { name: 'Loading' });
  await expect(loader.getByText(/Uploading \d+%/)).toBeVisible();
  await expect(loader.getByText(/(KB|MB)\/s · /)).toBeVisible();
  await expect(loader.getByRole('button', { name: 'Cancel upload' })).toBeVisible();

  let uploadId = '';
  await expect
    .poll(
      () => {
        const [entry] = receivedOnServer(app.dataDir);
        uploadId = entry?.[0] ?? '';
        return (entry?.[1] ?? 0) / size;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(0.45);

  // The page goes away mid-upload, as with a reload or a closed laptop.
  await page.reload();
  await expect(page.getByRole('alertdialog', { name: 'Loading' })).toHaveCount(0);
  const cut = receivedOnServer(app.dataDir).get(uploadId) ?? 0;
  expect(cut / size).toBeGreaterThan(0.3);
  expect(cut / size).toBeLessThan(0.95);
  await throttleUpload(cdp, -1);

  // The same file chosen again continues where the server is.
  const afterReload = watchTusRequests(page);
  await startLibraryUpload(page, film);
  await expect(page.getByText('Video successfully uploaded!')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Your video is now in your Video Library.')).toBeVisible();

  const patches = afterReload.filter((request) => request.method === 'PATCH');
  expect(
    afterReload.filter(
      (request) => request.method === 'POST' && !request.url.endsWith('/complete'),
    ),
  ).toEqual([]);
  expect(patches.length).toBeGreaterThan(0);
  expect(patches.every((request) => request.url.endsWith(`/${uploadId}`))).toBe(true);
  // Nothing before the cut was sent again: the resumed bytes start at the server's offset.
  expect(patches[0]?.offset).toBe(cut);
  const resent = size - Math.min(...patches.map((request) => request.offset ?? 0));
  expect(resent).toBe(size - cut);
  expect(resent / size).toBeLessThan(0.7);
  expect(afterReload.some((request) => request.url.endsWith(`/${uploadId}/complete`))).toBe(true);
  expect(receivedOnServer(app.dataDir).size).toBe(0);
  console.log(
    `resumable upload: ${size} bytes, cut at ${cut} (${Math.round((cut * 100) / size)}%), ` +
      `${resent} bytes sent after the reload`,
  );

  await page.getByRole('button', { name: 'Close' }).first().click();
  const library = page.getByRole('region', { name: 'Video Library' });
  await expect(library.getByRole('group', { name: 'Resumed game' }).first()).toBeVisible();
});

/**
 * A TCP relay in front of the app whose connections the test can cut, as a Wi-Fi drop does to
 * requests in flight, and which refuses new ones while "offline".
 */
async function startDroppableLink(target: string) {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  let offline = false;
  const server = createNetServer((client) => {
    if (offline) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(port), hostname);
    const cut = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', cut);
      socket.on('close', cut);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    drop() {
      offline = true;
      for (const socket of open) socket.destroy();
    },
    reconnect() {
      offline = false;
    },
    close() {
      // The browser keeps idle connections open; they would hold the relay up.
      for (const socket of open) socket.destroy();
      return new Promise<void>((closed) => server.close(() => closed()));
    },
  };
}

test('an upload whose connection drops goes on by itself from where the server is once back', async ({
  page,
  app,
  mailbox,
}) => {
  const email = uniqueEmail();
  await registerAndActivate(app.baseUrl, mailbox, email, 'Coach');
  const link = await startDroppableLink(app.baseUrl);
  try {
    await page.goto(`${link.url}/login`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(`${link.url}/`);
    const film = clip.path
      ? await realClipAs(clip.path, 'Dropped game.mp4')
      : await makeTestVideo('Dropped game.mp4', 12);
    const size = statSync(film).size;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await throttleUpload(cdp, Math.ceil(size / 10));
    const requests = watchTusRequests(page);
    await startLibraryUpload(page, film);

    let uploadId = '';
    await expect
      .poll(
        () => {
          const [entry] = receivedOnServer(app.dataDir);
          uploadId = entry?.[0] ?? '';
          return (entry?.[1] ?? 0) / size;
        },
        { timeout: 30_000, intervals: [100] },
      )
      .toBeGreaterThanOrEqual(0.45);

    // The link drops mid-request and stays down for a few seconds.
    const sentBeforeDrop = requests.length;
    link.drop();
    await page.waitForTimeout(2500);
    const cut = receivedOnServer(app.dataDir).get(uploadId) ?? 0;
    await throttleUpload(cdp, -1);
    link.reconnect();

    await expect(page.getByText('Video successfully uploaded!')).toBeVisible({ timeout: 90_000 });
    const resumed = requests.slice(sentBeforeDrop).filter((request) => request.method === 'PATCH');
    expect(resumed.length).toBeGreaterThan(0);
    expect(resumed.every((request) => request.url.endsWith(`/${uploadId}`))).toBe(true);
    expect(resumed.at(-1)?.offset).toBe(cut);
    expect(cut / size).toBeGreaterThan(0.3);
    expect(cut / size).toBeLessThan(0.95);
    console.log(
      `dropped connection: ${size} bytes, server had ${cut} (${Math.round((cut * 100) / size)}%), ` +
        `${size - cut} bytes sent after the drop`,
    );
    await page.getByRole('button', { name: 'Close' }).first().click();
    const library = page.getByRole('region', { name: 'Video Library' });
    await expect(library.getByRole('group', { name: 'Dropped game' }).first()).toBeVisible();
  } finally {
    await link.close();
  }
});

test('Cancel stops an upload, the server drops what it received, and the file stays chosen', async ({
  page,
  app,
  mailbox,
}) => {
  await signUpAndLogIn(page, app.baseUrl, mailbox, 'Coach');
  const film = await makeTestVideo('Cancelled game.mp4', 6);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await throttleUpload(cdp, Math.ceil(statSync(film).size / 10));
  await startLibraryUpload(page, film);
  await expect.poll(() => receivedOnServer(app.dataDir).size, { intervals: [100] }).toBe(1);

  await page.getByRole('button', { name: 'Cancel upload' }).click();

  const dialog = page.getByRole('dialog', { name: 'Upload Video' });
  await expect(dialog.getByText('Cancelled game.mp4')).toBeVisible();
  await expect(page.getByRole('alertdialog', { name: 'Loading' })).toHaveCount(0);
  await expect.poll(() => receivedOnServer(app.dataDir).size).toBe(0);
  await expect(page.locator('.p-toast-message')).toHaveCount(0);
});

test('Cancel while the server is still answering the upload’s creation drops what it made', async ({
  page,
  app,
  mailbox,
}) => {
  await signUpAndLogIn(page, app.baseUrl, mailbox, 'Coach');
  const film = await makeTestVideo('Cancelled early.mp4', 6);
  // The server creates the upload; its answer is held until the coach has pressed Cancel.
  let answer: () => void = () => undefined;
  const cancelled = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route(
    (url) => url.pathname.endsWith(ResumableUploadPaths.base),
    async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const response = await route.fetch();
      await cancelled;
      return route.fulfill({ response });
    },
  );
  await startLibraryUpload(page, film);
  await expect.poll(() => receivedOnServer(app.dataDir).size, { intervals: [100] }).toBe(1);

  await page.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Loading' })).toHaveCount(0);
  answer();

  const dialog = page.getByRole('dialog', { name: 'Upload Video' });
  await expect(dialog.getByText('Cancelled early.mp4')).toBeVisible();
  await expect.poll(() => receivedOnServer(app.dataDir).size).toBe(0);
  await expect(page.locator('.p-toast-message')).toHaveCount(0);
});

test('a file that only looks like a video is refused by the server in words and stays chosen in the dialog', async ({
  page,
  app,
  mailbox,
}, testInfo) => {
  await signUpAndLogIn(page, app.baseUrl, mailbox, 'Coach');

  await page.getByRole('button', { name: 'Upload to Video Library' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload Video' });
  // Dropped on the dialog, as from a file manager: an MP4 box header, so the browser's own check
  // (type and first bytes) lets it through, then a shopping list the server cannot decode.
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    const header = new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
    transfer.items.add(
      new File([header, 'Shopping list, not a video.\n'.repeat(40)], 'notes.mp4', {
        type: 'video/mp4',
      }),
    );
    return transfer;
  });
  const zone = dialog.getByTestId('upload-drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(dialog.getByText('notes.mp4')).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload to Video Library' }).click();

  const reason = 'This file is not a video we can read (video/mp4)';
  await expectToast(page, reason);
  const again = page.getByRole('dialog', { name: 'Upload Video' });
  await expect(again.getByText('notes.mp4')).toBeVisible();
  await expect(again.getByRole('alert')).toHaveText(reason);
  expect(receivedOnServer(app.dataDir).size).toBe(0);
  await testInfo.attach('dialog', { body: await page.screenshot(), contentType: 'image/png' });
});
