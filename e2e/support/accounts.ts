import { expect } from '@playwright/test';
import { linkIn, type Mailbox } from './mailbox.js';

export const PASSWORD = 'Kickoff#2026';

/** Registers and activates an account through the API, with the token from the real activation mail. */
export async function registerAndActivate(
  baseUrl: string,
  mailbox: Mailbox,
  email: string,
  roleName: 'Player' | 'Coach',
): Promise<void> {
  const registered = await fetch(`${baseUrl}/api/security/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Casey',
      lastName: 'Morgan',
      email,
      phoneNumber: '',
      roleName,
      password: PASSWORD,
    }),
  });
  expect(registered.ok).toBe(true);
  const link = new URL(linkIn(await mailbox.waitFor(email, /activ/i), '/activate'));
  const activated = await fetch(`${baseUrl}/api/security/account/activate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: link.searchParams.get('token') }),
  });
  expect(activated.ok).toBe(true);
}
