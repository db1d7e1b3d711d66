import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiPaths, ErrorNumber, Messages } from '@filmroom/contract';
import { startTestApi, type TestApi } from '../../../test/api-server.js';
import { renderApp, toastTexts } from '../../../test/render-app.js';
import { makeToken } from '../../../test/tokens.js';
import { getAuth } from '../../../lib/session.js';
import { readSecure } from '../../../lib/secure-storage.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const LOGIN = `POST ${ApiPaths.login}`;

async function fillAndSubmit(
  user: ReturnType<typeof renderApp>['user'],
  { email, password }: { email: string; password: string },
) {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

function answerWrongCredentials() {
  api.on(LOGIN, {
    status: 400,
    body: {
      message: Messages.invalidEmailOrPassword,
      errorNumber: ErrorNumber.InvalidEmailOrPassword,
    },
  });
}

describe('login page', () => {
  it('logs in and opens Home', async () => {
    api.on(LOGIN, { body: { token: makeToken(), refreshToken: 'r1' } });
    const app = renderApp({ path: '/login', apiBaseUrl: api.baseUrl });
    await fillAndSubmit(app.user, { email: 'player@example.com', password: 'Secret1!' });
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(api.callsTo(LOGIN)[0]?.body).toEqual({
      email: 'player@example.com',
      password: 'Secret1!',
    });
    expect(getAuth().refreshToken).toBe('r1');
  });

  it('sends an unactivated account to /activate with its email', async () => {
    api.on(LOGIN, {
      status: 403,
      body: { message: Messages.accountNotActivated, errorNumber: ErrorNumber.AccountNotActivated },
    });
    const app = renderApp({ path: '/login', apiBaseUrl: api.baseUrl });
    await fillAndSubmit(app.user, { email: 'new@example.com', password: 'Secret1!' });
    await waitFor(() => expect(app.location()).toBe('/activate?email=new%40example.com'));
    expect(
      await screen.findByRole('heading', { name: 'Account Not Activated' }),
    ).toBeInTheDocument();
  });

  it('shows the server message for wrong credentials and stays on /login', async () => {
    answerWrongCredentials();
    const app = renderApp({ path: '/login', apiBaseUrl: api.baseUrl });
    await fillAndSubmit(app.user, { email: 'player@example.com', password: 'Wrong1!x' });
    expect(await screen.findByText(Messages.invalidEmailOrPassword)).toBeInTheDocument();
    expect(app.location()).toBe('/login');
  });

  it('closes the wrong-credentials toast when another page opens', async () => {
    answerWrongCredentials();
    const app = renderApp({ path: '/login', apiBaseUrl: api.baseUrl });
    await fillAndSubmit(app.user, { email: 'player@example.com', password: 'Wrong1!x' });
    await waitFor(() => expect(toastTexts()).toEqual([Messages.invalidEmailOrPassword]));

    await app.user.click(screen.getByRole('link', { name: 'Sign Up' }));
    await waitFor(() => expect(app.location()).toBe('/register'));
    await waitFor(() => expect(toastTexts()).toEqual([]));
  });

  it.each([
    [
      'nothing filled',
      { email: '', password: '' },
      [Messages.emailRequired, Messages.passwordRequired],
    ],
    ['a malformed email', { email: 'not-an-email', password: 'Secret1!' }, [Messages.invalidEmail]],
    ['no password', { email: 'player@example.com', password: '' }, [Messages.passwordRequired]],
  ])(
    'with %s shows each failure as its own toast and sends nothing',
    async (_case, form, expected) => {
      const app = renderApp({ path: '/login', apiBaseUrl: api.baseUrl });
      await fillAndSubmit(app.user, form);
      await waitFor(() => expect(toastTexts()).toEqual(expected));
      expect(api.requests).toHaveLength(0);
    },
  );

  it('sends a signed-in visitor to the from path, or to Home without one', async () => {
    const withFrom = renderApp({
      path: '/login?from=%2Fsettings',
      apiBaseUrl: api.baseUrl,
      signedInAs: ['Coach'],
    });
    await waitFor(() => expect(withFrom.location()).toBe('/settings'));
    withFrom.unmount();
    const withoutFrom = renderApp({
      path: '/login',
      apiBaseUrl: api.baseUrl,
      signedInAs: ['Coach'],
    });
    await waitFor(() => expect(withoutFrom.location()).toBe('/'));
  });

  it('sends a signed-out visitor of a protected page to /login?from=… and back there after logging in', async () => {
    api.on(LOGIN, { body: { token: makeToken(), refreshToken: 'r1' } });
    const app = renderApp({ path: '/settings', apiBaseUrl: api.baseUrl });
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(app.visited).toContain('/login?from=%2Fsettings');
    expect(app.location()).toBe('/login');
    await fillAndSubmit(app.user, { email: 'player@example.com', password: 'Secret1!' });
    await waitFor(() => expect(app.location()).toBe('/settings'));
  });

  it('remembers the email (never the password) when Remember me is checked, and forgets it when unchecked', async () => {
    api.on(LOGIN, { body: { token: makeToken(), refreshToken: 'r1' } });
    const first = renderApp({ path: '/login', apiBaseUrl: api.baseUrl });
    await first.user.click(screen.getByLabelText('Remember me'));
    await fillAndSubmit(first.user, { email: 'coach@example.com', password: 'Secret1!' });
    await waitFor(() => expect(first.location()).toBe('/'));
    const stored = readSecure('remember-me', (value): value is object => typeof value === 'object');
    expect(stored).toEqual({ email: 'coach@example.com' });
    first.unmount();

    const { signOut } = await import('../../../lib/sign-out.js');
    signOut('logout');
    const second = renderApp({ path: '/login', apiBaseUrl: api.baseUrl });
    expect(screen.getByLabelText('Email')).toHaveValue('coach@example.com');
    expect(screen.getByLabelText('Remember me')).toBeChecked();
    await second.user.click(screen.getByLabelText('Remember me'));
    second.unmount();

    renderApp({ path: '/login', apiBaseUrl: api.baseUrl });
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });
});
