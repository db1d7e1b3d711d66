import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { PASSWORD, registerAndActivate } from './accounts.js';
import { uniqueEmail } from './fixtures.js';
import type { Mailbox } from './mailbox.js';

export async function logInThroughUi(
  page: Page,
  email: string,
  password = PASSWORD,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A new activated account of `roleName`, signed in through the login page; answers its e-mail. */
export async function signUpAndLogIn(
  page: Page,
  baseUrl: string,
  mailbox: Mailbox,
  roleName: 'Player' | 'Coach',
  emailPrefix?: string,
): Promise<string> {
  const email = uniqueEmail(emailPrefix);
  await registerAndActivate(baseUrl, mailbox, email, roleName);
  await logInThroughUi(page, email);
  return email;
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.locator('.p-toast-message').filter({ hasText: text }).first()).toBeVisible();
}
