import type { Page } from '@playwright/test';
import { PASSWORD, registerAndActivate } from '../support/accounts.js';
import { linkIn } from '../support/mailbox.js';
import { expect, test, uniqueEmail } from '../support/fixtures.js';
import { expectToast } from '../support/session.js';

const NEW_PASSWORD = 'Touchdown!77';
const RESET_PASSWORD = 'Fourth&Goal9';

async function logIn(
  page: Page,
  email: string,
  password: string,
  rememberMe = false,
): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (rememberMe) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('a new player registers, activates by mail, manages the account and resets the password', async ({
  page,
  mailbox,
}) => {
  const email = uniqueEmail();

  // Register.
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Jordan');
  await page.getByLabel('Last Name').fill('Reyes');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone').fill('5551234567');
  await page.getByLabel('Role').selectOption('Player');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expectToast(page, 'User registered successfully!');
  await expect(page).toHaveURL(/\/login$/);

  // Logging in before activation leads to the activation page.
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/activate\\?email=${encodeURIComponent(email)}`));
  await expect(page.getByRole('heading', { name: 'Account Not Activated' })).toBeVisible();

  // Activate through the link in the real e-mail.
  const activationMail = await mailbox.waitFor(email, /activ/i);
  const activationLink = linkIn(activationMail, '/activate');
  await page.goto(activationLink);
  await expect(page.getByRole('heading', { name: 'Account Activated' })).toBeVisible();

  // Log in, remembering the e-mail.
  await page.goto('/login');
  await logIn(page, email, PASSWORD, true);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('There are no videos in progress')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go To My scoutSMART Profile' })).toBeVisible();

  // Edit the profile.
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByLabel('First Name')).toHaveValue('Jordan');
  await page.getByLabel('First Name').fill('Jordy');
  await page
    .getByRole('region', { name: 'My Profile' })
    .getByRole('button', { name: 'Save' })
    .click();
  await expectToast(page, 'Profile data saved successfully!');
  await page.reload();
  await expect(page.getByLabel('First Name')).toHaveValue('Jordy');

  // Change the password.
  const passwordSection = page.getByRole('region', { name: 'Change Password' });
  await passwordSection.getByLabel('Old Password', { exact: true }).fill(PASSWORD);
  await passwordSection.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await passwordSection.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
  await passwordSection.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Password changed successfully!');

  // Log out: the remembered e-mail is prefilled on the login page.
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);

  // Reset the password through the mailed link.
  const mailsBefore = mailbox.messages.length;
  await page.getByRole('link', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  // the router renders the new page in a transition: until it shows, 'Email' is the login page's field
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expectToast(page, 'Email sent successfully!');
  await expect(page.getByRole('button', { name: 'Re-send Email' })).toBeDisabled();
  await expect(page.getByText(/Re-send email in \d:\d\d/)).toBeVisible();
  await expect(page.getByText('Please check the spam inbox.')).toBeVisible();
  const resetMail = await mailbox.waitFor(email, /reset/i, { after: mailsBefore });
  await page.goto(linkIn(resetMail, '/confirm-reset-password'));
  await page.getByLabel('New Password', { exact: true }).fill(RESET_PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(RESET_PASSWORD);
  await page.getByRole('button', { name: /save|reset|confirm/i }).click();
  await expectToast(page, 'Password saved successfully!');
  await expect(page).toHaveURL(/\/login$/);

  // The old passwords no longer work; the new one does.
  await logIn(page, email, NEW_PASSWORD);
  await expectToast(page, 'Invalid email or password');
  await logIn(page, email, RESET_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
});

test('a signed-out visitor of a protected page is sent to log in, then lands on that page', async ({
  page,
  app,
  mailbox,
}) => {
  const email = uniqueEmail('coach');
  await registerAndActivate(app.baseUrl, mailbox, email, 'Coach');
  const redirects: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) redirects.push(frame.url());
  });
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
  expect(redirects.some((url) => url.includes('/login?from=%2Fsettings'))).toBe(true);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/settings$/);
  // A coach has no scoutSMART profile button.
  await expect(page.getByRole('button', { name: 'Go To My scoutSMART Profile' })).toHaveCount(0);
});
