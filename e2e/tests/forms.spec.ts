import { Messages } from '@filmroom/contract';
import { PASSWORD, registerAndActivate } from '../support/accounts.js';
import { expect, test, uniqueEmail } from '../support/fixtures.js';

test('a login error marks its field, follows the fix, and its toast does not stay over the next page', async ({
  page,
  app,
  mailbox,
}) => {
  const email = uniqueEmail();
  await registerAndActivate(app.baseUrl, mailbox, email, 'Coach');
  await page.goto('/login');
  const emailField = page.getByLabel('Email', { exact: true });
  const password = page.getByLabel('Password', { exact: true });

  await emailField.fill('coach@nowhere');
  await page.getByRole('button', { name: 'Log in' }).click();
  const toasts = page.locator('.p-toast-message .p-toast-detail');
  await expect(toasts).toHaveText([Messages.invalidEmail, Messages.passwordRequired]);
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expect(emailField).toHaveAccessibleDescription(Messages.invalidEmail);
  await expect(password).toHaveAccessibleDescription(Messages.passwordRequired);

  await emailField.fill(email);
  await expect(emailField).not.toHaveAttribute('aria-invalid', 'true');
  await password.fill('Wrong!pass1');
  await expect(toasts).toHaveCount(0);

  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(toasts).toHaveText([Messages.invalidEmailOrPassword]);
  await password.fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toasts).toHaveCount(0);
});

test('the password rules show before the first failure on sign up', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    Messages.passwordComplexity,
  );
});
