import { PASSWORD, registerAndActivate } from '../support/accounts.js';
import { expect, test, uniqueEmail } from '../support/fixtures.js';

// Access tokens that expire within seconds, so the test can watch one being refreshed.
test.use({ serverEnv: { ACCESS_TOKEN_TTL_SECONDS: '3' } });

test('an expired access token is refreshed transparently and the page keeps working', async ({
  page,
  app,
  mailbox,
}) => {
  const email = uniqueEmail();
  await registerAndActivate(app.baseUrl, mailbox, email, 'Player');
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);

  const refreshes: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/security/refresh-token')) refreshes.push(response.status());
  });
  await page.waitForTimeout(4_500);

  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByLabel('First Name')).toHaveValue('Casey');
  expect(refreshes).toContain(200);
  await expect(page.locator('.p-toast-message')).toHaveCount(0);
});

test('log out ends the session on the server: a copy of its refresh token no longer works', async ({
  page,
  app,
  mailbox,
}) => {
  const email = uniqueEmail();
  await registerAndActivate(app.baseUrl, mailbox, email, 'Coach');
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const loginResponse = page.waitForResponse((r) => r.url().endsWith('/api/security/login'));
  await page.getByRole('button', { name: 'Log in' }).click();
  const { refreshToken } = (await (await loginResponse).json()) as { refreshToken: string };
  await expect(page).toHaveURL(/\/$/);

  const logoutResponse = page.waitForResponse((r) => r.url().endsWith('/api/security/logout'));
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await logoutResponse).status()).toBe(200);

  const refreshed = await page.request.post('/api/security/refresh-token', {
    data: { refreshToken },
    failOnStatusCode: false,
  });
  expect(refreshed.status()).toBe(401);
  expect(await refreshed.json()).toMatchObject({ errorNumber: 4 });
});
