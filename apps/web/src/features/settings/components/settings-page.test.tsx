import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiPaths, Messages } from '@filmroom/contract';
import { startTestApi, type TestApi } from '../../../test/api-server.js';
import { renderApp, toastTexts } from '../../../test/render-app.js';
import { makeToken } from '../../../test/tokens.js';
import { getAuth, saveAuth } from '../../../lib/session.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  api.on(`GET ${ApiPaths.emailPreferences}`, { body: { notificationsEnabled: false } });
  api.on(`GET ${ApiPaths.myProfile}`, {
    body: { firstName: 'Jamie', lastName: 'Rivers', phoneNumber: '5551234567', roleName: 'Player' },
  });
});

async function openSettings() {
  const app = renderApp({ path: '/settings', apiBaseUrl: api.baseUrl, signedInAs: ['Player'] });
  await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveValue('Jamie'));
  return app;
}

function section(name: string) {
  return within(screen.getByRole('form', { name }));
}

/** Requests other than the page's own loading calls. */
function writes() {
  return api.requests.filter((request) => request.method !== 'GET');
}

describe('settings page', () => {
  it('shows the three sections with the stored values and the email from the session', async () => {
    await openSettings();
    expect(screen.getByRole('heading', { name: 'Email Preferences' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('No')).toBeChecked();
    expect(screen.getByLabelText('Email')).toHaveValue('player@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 555-123-4567');
    expect(screen.getByLabelText('Role')).toHaveValue('Player');
  });

  it('saves email preferences', async () => {
    api.on(`POST ${ApiPaths.emailPreferences}`, { body: { notificationsEnabled: true } });
    const app = await openSettings();
    await app.user.click(screen.getByLabelText('Yes'));
    await app.user.click(section('Email Preferences').getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(Messages.emailPreferencesSaved)).toBeInTheDocument();
    expect(api.callsTo(`POST ${ApiPaths.emailPreferences}`)[0]?.body).toEqual({
      notificationsEnabled: true,
    });
  });

  it('saves the profile with trimmed values and the role id', async () => {
    api.on(`PUT ${ApiPaths.myProfile}`, { body: { message: 'ok' } });
    const app = await openSettings();
    const firstName = screen.getByLabelText('First Name');
    await app.user.clear(firstName);
    await app.user.type(firstName, '  Jo  ');
    await app.user.selectOptions(screen.getByLabelText('Role'), 'Coach');
    await app.user.click(section('My Profile').getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(Messages.profileSaved)).toBeInTheDocument();
    expect(api.callsTo(`PUT ${ApiPaths.myProfile}`)[0]?.body).toEqual({
      firstName: 'Jo',
      lastName: 'Rivers',
      email: 'player@example.com',
      phoneNumber: '5551234567',
      roleName: 'Coach',
      roleId: 2,
    });
  });

  it.each<[string, { firstName?: string; lastName?: string; phone?: string }, string[]]>([
    [
      'blank names',
      { firstName: '   ', lastName: '' },
      [Messages.firstNameRequired, Messages.lastNameRequired],
    ],
    ['a short phone number', { phone: '555' }, [Messages.invalidPhone]],
  ])(
    'profile with %s shows each failure as its own toast and sends nothing',
    async (_case, edit, expected) => {
      const app = await openSettings();
      if (edit.firstName !== undefined) {
        await app.user.clear(screen.getByLabelText('First Name'));
        if (edit.firstName)
          await app.user.type(screen.getByLabelText('First Name'), edit.firstName);
      }
      if (edit.lastName !== undefined) await app.user.clear(screen.getByLabelText('Last Name'));
      if (edit.phone !== undefined) {
        const phone = screen.getByLabelText('Phone');
        await app.user.type(phone, '{Backspace}'.repeat(10));
        await app.user.type(phone, edit.phone);
      }
      await app.user.click(section('My Profile').getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(toastTexts()).toEqual(expected));
      expect(writes()).toHaveLength(0);
    },
  );

  it("profile of a session whose email is malformed shows 'Invalid email' and sends nothing", async () => {
    saveAuth({ token: makeToken({ email: 'not-an-address' }), refreshToken: 'r1' });
    const app = renderApp({ path: '/settings', apiBaseUrl: api.baseUrl });
    await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveValue('Jamie'));
    await app.user.click(section('My Profile').getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastTexts()).toEqual([Messages.invalidEmail]));
    expect(writes()).toHaveLength(0);
  });

  it('changes the password and keeps the new token pair', async () => {
    const newToken = makeToken({ email: 'player@example.com' });
    api.on(`PUT ${ApiPaths.changePassword}`, { body: { token: newToken, refreshToken: 'r2' } });
    const app = await openSettings();
    await app.user.type(screen.getByLabelText('Old Password'), 'Old!pass1');
    await app.user.type(screen.getByLabelText('New Password'), 'New!pass1');
    await app.user.type(screen.getByLabelText('Confirm Password'), 'New!pass1');
    await app.user.click(section('Change Password').getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(Messages.passwordChanged)).toBeInTheDocument();
    expect(api.callsTo(`PUT ${ApiPaths.changePassword}`)[0]?.body).toEqual({
      oldPassword: 'Old!pass1',
      newPassword: 'New!pass1',
    });
    expect(getAuth()).toEqual({ token: newToken, refreshToken: 'r2' });
  });

  it.each<[string, { old: string; next: string; confirm: string }, string[]]>([
    [
      'nothing filled',
      { old: '', next: '', confirm: '' },
      [Messages.oldPasswordRequired, Messages.newPasswordRequired],
    ],
    [
      'no confirmation',
      { old: 'Old!pass1', next: 'New!pass1', confirm: '' },
      [Messages.confirmPasswordRequired],
    ],
    [
      'a weak new password',
      { old: 'Old!pass1', next: 'weakpass', confirm: 'weakpass' },
      [Messages.passwordComplexity],
    ],
    [
      'a confirmation that differs',
      { old: 'Old!pass1', next: 'New!pass1', confirm: 'New!pass2' },
      [Messages.passwordMismatch],
    ],
  ])(
    'change password with %s shows each failure as its own toast and sends nothing',
    async (_case, form, expected) => {
      const app = await openSettings();
      if (form.old) await app.user.type(screen.getByLabelText('Old Password'), form.old);
      if (form.next) await app.user.type(screen.getByLabelText('New Password'), form.next);
      if (form.confirm)
        await app.user.type(screen.getByLabelText('Confirm Password'), form.confirm);
      await app.user.click(section('Change Password').getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(toastTexts()).toEqual(expected));
      expect(writes()).toHaveLength(0);
    },
  );

  it('Cancel goes back in history', async () => {
    const app = renderApp({ path: '/', apiBaseUrl: api.baseUrl, signedInAs: ['Coach'] });
    await app.user.click(screen.getAllByRole('link', { name: 'Settings' })[0]!);
    await waitFor(() => expect(app.location()).toBe('/settings'));
    await app.user.click(section('Change Password').getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(app.location()).toBe('/'));
  });
});
