import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { PASSWORD } from './accounts.js';

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

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.locator('.p-toast-message').filter({ hasText: text }).first()).toBeVisible();
}
