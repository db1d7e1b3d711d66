import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiPaths, ErrorNumber, Messages } from '@filmroom/contract';
import { startTestApi, type TestApi } from '../../../test/api-server.js';
import { renderApp } from '../../../test/render-app.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const ACTIVATE = `POST ${ApiPaths.activate}`;
const RESEND = `POST ${ApiPaths.activationResend}`;

describe('activate page', () => {
  it.each([
    ['missing', '/activate'],
    ['malformed', '/activate?email=nobody&token=t'],
  ])('with a %s email shows Invalid email and goes to /login', async (_case, path) => {
    const app = renderApp({ path, apiBaseUrl: api.baseUrl });
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(await screen.findByText(Messages.invalidEmail)).toBeInTheDocument();
    expect(api.callsTo(ACTIVATE)).toHaveLength(0);
  });

  it('without a token shows Account Not Activated and resends the email with a countdown', async () => {
    api.on(RESEND, { body: { message: 'sent' } });
    const app = renderApp({ path: '/activate?email=jamie%40example.com', apiBaseUrl: api.baseUrl });
    expect(screen.getByRole('heading', { name: 'Account Not Activated' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Resend Email' }));
    expect(await screen.findByText(Messages.emailSent)).toBeInTheDocument();
    expect(api.callsTo(RESEND)[0]?.body).toEqual({ email: 'jamie@example.com' });
    expect(screen.getByRole('button', { name: 'Resend Email' })).toBeDisabled();
    expect(screen.getByText('Re-send email in 1:00')).toBeInTheDocument();
  });

  it('with a token shows Activating Account, then Account Activated with Go to Login', async () => {
    api.on(ACTIVATE, { body: { message: 'ok' }, delayMs: 150 });
    const app = renderApp({
      path: '/activate?email=jamie%40example.com&token=tok',
      apiBaseUrl: api.baseUrl,
    });
    expect(screen.getByRole('heading', { name: 'Activating Account' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Account Activated' })).toBeInTheDocument();
    expect(api.callsTo(ACTIVATE).map((call) => call.body)).toEqual([{ token: 'tok' }]);
    await app.user.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(app.location()).toBe('/login');
  });

  it('with a rejected token shows Account Activation Failed, the reason and Resend Email', async () => {
    api.on(ACTIVATE, {
      status: 400,
      body: {
        message: Messages.activationTokenInvalid,
        errorNumber: ErrorNumber.ActivationTokenIsInvalidOrExpired,
      },
    });
    renderApp({ path: '/activate?email=jamie%40example.com&token=old', apiBaseUrl: api.baseUrl });
    expect(
      await screen.findByRole('heading', { name: 'Account Activation Failed' }),
    ).toBeInTheDocument();
    expect(screen.getByText(Messages.activationFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Email' })).toBeEnabled();
  });

  it('a link opened again once the account is active says it is already active, with Go to Login', async () => {
    api.on(ACTIVATE, { body: { message: Messages.accountAlreadyActive } });
    renderApp({ path: '/activate?email=jamie%40example.com&token=used', apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('heading', { name: 'Account Activated' })).toBeInTheDocument();
    expect(screen.getByText(Messages.accountAlreadyActive)).toBeInTheDocument();
    expect(screen.queryByText(Messages.activationFailed)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Login' })).toBeInTheDocument();
  });
});
