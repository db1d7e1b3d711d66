import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiPaths, Messages } from '@filmroom/contract';
import { startTestApi, type TestApi } from '../../../test/api-server.js';
import { renderApp, toastTexts } from '../../../test/render-app.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const REQUEST = `POST ${ApiPaths.passwordResetRequest}`;

describe('reset password page', () => {
  it('after sending, offers Re-send Email only after an m:ss countdown with the spam note', async () => {
    api.on(REQUEST, { body: { message: 'sent' } });
    const app = renderApp({ path: '/reset-password', apiBaseUrl: api.baseUrl });
    await app.user.type(screen.getByLabelText('Email'), ' jamie@example.com ');
    await app.user.click(screen.getByRole('button', { name: 'Send Email' }));

    expect(await screen.findByText(Messages.emailSent)).toBeInTheDocument();
    expect(api.callsTo(REQUEST)[0]?.body).toEqual({ email: 'jamie@example.com' });
    expect(screen.getByRole('button', { name: 'Re-send Email' })).toBeDisabled();
    expect(screen.getByText('Re-send email in 1:00')).toBeInTheDocument();
    expect(screen.getByText(Messages.checkSpamInbox)).toBeInTheDocument();
    expect(
      await screen.findByText('Re-send email in 0:59', {}, { timeout: 2500 }),
    ).toBeInTheDocument();
  });

  it.each([
    ['no email', '', [Messages.emailRequired]],
    ['a malformed email', 'jamie@', [Messages.emailInvalid]],
  ])('with %s shows the failure as a toast and sends nothing', async (_case, email, expected) => {
    const app = renderApp({ path: '/reset-password', apiBaseUrl: api.baseUrl });
    if (email) await app.user.type(screen.getByLabelText('Email'), email);
    await app.user.click(screen.getByRole('button', { name: 'Send Email' }));
    await waitFor(() => expect(toastTexts()).toEqual(expected));
    expect(api.requests).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send Email' })).toBeEnabled();
  });
});

describe('confirm reset password page', () => {
  const CONFIRM = `PATCH ${ApiPaths.passwordResetConfirm}`;

  it('without a token goes to /login', async () => {
    const app = renderApp({ path: '/confirm-reset-password', apiBaseUrl: api.baseUrl });
    await waitFor(() => expect(app.location()).toBe('/login'));
  });

  it('saves the new password with the token and goes to /login', async () => {
    api.on(CONFIRM, { body: { message: 'ok' } });
    const app = renderApp({
      path: '/confirm-reset-password?token=abc123',
      apiBaseUrl: api.baseUrl,
    });
    await app.user.type(screen.getByLabelText('New Password'), 'Str0ng!pass');
    await app.user.type(screen.getByLabelText('Confirm Password'), 'Str0ng!pass');
    await app.user.click(screen.getByRole('button', { name: 'Save Password' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(await screen.findByText(Messages.passwordSaved)).toBeInTheDocument();
    expect(api.callsTo(CONFIRM)[0]?.body).toEqual({ token: 'abc123', newPassword: 'Str0ng!pass' });
  });

  it('shows the server reason when the link has expired', async () => {
    api.on(CONFIRM, { status: 400, body: { message: Messages.resetTokenInvalid, errorNumber: 3 } });
    const app = renderApp({ path: '/confirm-reset-password?token=old', apiBaseUrl: api.baseUrl });
    await app.user.type(screen.getByLabelText('New Password'), 'Str0ng!pass');
    await app.user.type(screen.getByLabelText('Confirm Password'), 'Str0ng!pass');
    await app.user.click(screen.getByRole('button', { name: 'Save Password' }));
    expect(await screen.findByText(Messages.resetTokenInvalid)).toBeInTheDocument();
    expect(app.location()).toBe('/confirm-reset-password?token=old');
  });

  it.each<[string, { password: string; confirm: string }, string[]]>([
    [
      'nothing filled',
      { password: '', confirm: '' },
      [Messages.passwordRequired, Messages.confirmPasswordRequiredCapital],
    ],
    [
      'a weak password',
      { password: 'weakpass', confirm: 'weakpass' },
      [Messages.passwordComplexity],
    ],
    [
      'passwords that differ',
      { password: 'Str0ng!pass', confirm: 'Str0ng!pasX' },
      [Messages.passwordMismatch],
    ],
  ])(
    'with %s shows each failure as its own toast and sends nothing',
    async (_case, form, expected) => {
      const app = renderApp({ path: '/confirm-reset-password?token=abc', apiBaseUrl: api.baseUrl });
      if (form.password) await app.user.type(screen.getByLabelText('New Password'), form.password);
      if (form.confirm)
        await app.user.type(screen.getByLabelText('Confirm Password'), form.confirm);
      await app.user.click(screen.getByRole('button', { name: 'Save Password' }));
      await waitFor(() => expect(toastTexts()).toEqual(expected));
      expect(api.requests).toHaveLength(0);
    },
  );
});
