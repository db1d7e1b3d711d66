import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiPaths,
  Messages,
  TextFields,
  TextLimits,
  badCharactersMessage,
} from '@filmroom/contract';
import { startTestApi, type TestApi } from '../../../test/api-server.js';
import { renderApp, toastTexts } from '../../../test/render-app.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

interface RegisterInput {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  role?: string;
  password?: string;
  confirmPassword?: string;
}

const VALID: Required<RegisterInput> = {
  firstName: 'Jamie',
  lastName: 'Rivers',
  email: 'jamie@example.com',
  phone: '5551234567',
  role: 'Player',
  password: 'Str0ng!pass',
  confirmPassword: 'Str0ng!pass',
};

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], input: RegisterInput) {
  if (input.firstName) await user.type(screen.getByLabelText('First Name'), input.firstName);
  if (input.lastName) await user.type(screen.getByLabelText('Last Name'), input.lastName);
  if (input.email) await user.type(screen.getByLabelText('Email'), input.email);
  if (input.phone) await user.type(screen.getByLabelText('Phone'), input.phone);
  if (input.role) await user.selectOptions(screen.getByLabelText('Role'), input.role);
  if (input.password) await user.type(screen.getByLabelText('Password'), input.password);
  if (input.confirmPassword)
    await user.type(screen.getByLabelText('Confirm Password'), input.confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('register page', () => {
  it('registers with the dial code removed from the phone, then shows the success toast and /login', async () => {
    api.on(`POST ${ApiPaths.register}`, { status: 201, body: { message: 'ok' } });
    const app = renderApp({ path: '/register', apiBaseUrl: api.baseUrl });
    await fillAndSubmit(app.user, VALID);
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 555-123-4567');
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(await screen.findByText(Messages.userRegistered)).toBeInTheDocument();
    expect(screen.getByText(Messages.activationMailSent)).toBeInTheDocument();
    expect(api.callsTo(`POST ${ApiPaths.register}`)[0]?.body).toEqual({
      firstName: 'Jamie',
      lastName: 'Rivers',
      email: 'jamie@example.com',
      phoneNumber: '5551234567',
      roleName: 'Player',
      password: 'Str0ng!pass',
    });
  });

  it.each<[string, RegisterInput, string[]]>([
    [
      'an empty form',
      {},
      [
        Messages.firstNameRequired,
        Messages.lastNameRequired,
        Messages.emailRequired,
        Messages.roleRequired,
        Messages.passwordRequired,
        Messages.confirmPasswordRequired,
      ],
    ],
    ['a malformed email', { ...VALID, email: 'jamie@nowhere' }, [Messages.invalidEmail]],
    ['a short phone number', { ...VALID, phone: '555123' }, [Messages.invalidPhone]],
    [
      'a weak password',
      { ...VALID, password: 'weakpass', confirmPassword: 'weakpass' },
      [Messages.passwordComplexity],
    ],
    [
      'passwords that differ',
      { ...VALID, confirmPassword: 'Str0ng!pasX' },
      [Messages.passwordMismatch],
    ],
  ])(
    'with %s shows each failure as its own toast and sends nothing',
    async (_case, input, expected) => {
      const app = renderApp({ path: '/register', apiBaseUrl: api.baseUrl });
      await fillAndSubmit(app.user, input);
      await waitFor(() => expect(toastTexts()).toEqual(expected));
      expect(api.requests).toHaveLength(0);
    },
  );

  it('links back to Login', async () => {
    const app = renderApp({ path: '/register', apiBaseUrl: api.baseUrl });
    await app.user.click(screen.getByRole('link', { name: 'Login' }));
    expect(app.location()).toBe('/login');
  });

  it('caps names, e-mail and passwords at the contract limits and refuses a pasted control character', async () => {
    api.on(`POST ${ApiPaths.register}`, { status: 201, body: { message: 'ok' } });
    const app = renderApp({ path: '/register', apiBaseUrl: api.baseUrl });
    expect(screen.getByLabelText('First Name')).toHaveAttribute(
      'maxLength',
      String(TextLimits.name),
    );
    expect(screen.getByLabelText('Last Name')).toHaveAttribute(
      'maxLength',
      String(TextLimits.name),
    );
    expect(screen.getByLabelText('Email')).toHaveAttribute('maxLength', String(TextLimits.email));
    expect(screen.getByLabelText('Password')).toHaveAttribute(
      'maxLength',
      String(TextLimits.password),
    );

    fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Ja\u0000mie' } });
    await fillAndSubmit(app.user, { ...VALID, firstName: '' });

    await waitFor(() => expect(toastTexts()).toEqual([badCharactersMessage(TextFields.firstName)]));
    expect(screen.getByLabelText('First Name')).toHaveAccessibleDescription(
      badCharactersMessage(TextFields.firstName),
    );
    expect(api.callsTo(`POST ${ApiPaths.register}`)).toEqual([]);
  });

  it('shows the password rules before the first failure', () => {
    renderApp({ path: '/register', apiBaseUrl: api.baseUrl });
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      Messages.passwordComplexity,
    );
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });

  it('marks each failing field with its message, follows the fixes, and closes the toasts once all is fixed', async () => {
    const app = renderApp({ path: '/register', apiBaseUrl: api.baseUrl });
    await fillAndSubmit(app.user, {
      ...VALID,
      email: 'jamie@nowhere',
      confirmPassword: 'Other!pass1',
    });

    await waitFor(() =>
      expect(toastTexts()).toEqual([Messages.invalidEmail, Messages.passwordMismatch]),
    );
    const email = screen.getByLabelText('Email');
    const confirm = screen.getByLabelText('Confirm Password');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(Messages.invalidEmail);
    expect(confirm).toHaveAccessibleDescription(Messages.passwordMismatch);
    expect(screen.getByLabelText('First Name')).not.toHaveAttribute('aria-invalid');

    await app.user.type(email, '.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(toastTexts()).toHaveLength(2);

    await app.user.clear(confirm);
    await app.user.type(confirm, VALID.password);
    expect(confirm).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(toastTexts()).toEqual([]));
  });

  it('fixing a field closes its toast, and a new submit replaces the toasts instead of adding to them', async () => {
    const app = renderApp({ path: '/register', apiBaseUrl: api.baseUrl });
    await app.user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(toastTexts()).toContain(Messages.firstNameRequired));
    const first = toastTexts().length;

    await app.user.type(screen.getByLabelText('First Name'), 'Jamie');
    await waitFor(() => expect(toastTexts()).not.toContain(Messages.firstNameRequired));
    expect(toastTexts()).toHaveLength(first - 1);

    await app.user.click(screen.getByRole('button', { name: 'Register' }));
    await app.user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(toastTexts()).toHaveLength(first - 1));
    expect(new Set(toastTexts()).size).toBe(first - 1);
  });
});
