import { ApiPaths, ErrorNumber, Messages } from '@filmroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../helpers/outbox.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import {
  PUBLIC_URL,
  apiClient,
  json,
  lastMailTo,
  registration,
  startTestApp,
  uniqueEmail,
  type TestApp,
} from '../helpers/test-app.js';

let database: TestDatabase;
let testApp: TestApp;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await startTestApp(database.handle.db);
  api = apiClient(testApp.app);
});

afterAll(async () => {
  await testApp?.close();
  await database?.destroy();
});

describe('POST /security/register', () => {
  it('creates the account, answers with the success message and e-mails an activation link', async () => {
    const body = registration();

    const response = await api.post(ApiPaths.register, body);

    expect(response.statusCode).toBe(201);
    expect(json(response)).toEqual({ message: Messages.userRegistered });
    const mail = await lastMailTo(testApp, body.email);
    expect(mail.subject).toBe('Activate your FilmRoom account');
    const link = linkIn(mail, '/activate');
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.searchParams.get('email')).toBe(body.email);
    expect(link.searchParams.get('token')).toMatch(/^[\w-]{43}$/);
    expect(mail.html).toContain(link.toString().replace(/&/g, '&#38;'));
  });

  it('reports every missing field with the contract messages', async () => {
    const response = await api.post(ApiPaths.register, {});

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      message: Messages.firstNameRequired,
      errorNumber: ErrorNumber.Unknown,
      errors: [
        Messages.firstNameRequired,
        Messages.lastNameRequired,
        Messages.emailRequired,
        Messages.roleRequired,
        Messages.passwordRequired,
      ],
    });
  });

  it.each([
    ['an invalid e-mail', { email: 'not-an-email' }, Messages.invalidEmail],
    ['a phone number without 10 digits', { phoneNumber: '555-1234' }, Messages.invalidPhone],
    ['an unknown role', { roleName: 'Scout' }, Messages.roleRequired],
    ['a weak password', { password: 'password' }, Messages.passwordComplexity],
    [
      'a password without a special character',
      { password: 'Passw0rdX' },
      Messages.passwordComplexity,
    ],
    ['a blank first name', { firstName: '   ' }, Messages.firstNameRequired],
  ])('rejects %s with its message', async (_case, override, message) => {
    const response = await api.post(ApiPaths.register, registration(override));

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      message,
      errorNumber: ErrorNumber.Unknown,
      errors: [message],
    });
  });

  it('accepts an account without a phone number', async () => {
    const response = await api.post(ApiPaths.register, registration({ phoneNumber: '' }));

    expect(response.statusCode).toBe(201);
  });

  it('refuses a second account for the same e-mail, whatever its case', async () => {
    const email = uniqueEmail('Twice');
    expect((await api.post(ApiPaths.register, registration({ email }))).statusCode).toBe(201);

    const response = await api.post(
      ApiPaths.register,
      registration({ email: email.toUpperCase() }),
    );

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      message: Messages.emailTaken,
      errorNumber: ErrorNumber.Unknown,
    });
  });

  it('answers a body of the wrong shape with Bad request', async () => {
    const response = await api.post(ApiPaths.register, registration({ firstName: 42 }));

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      message: Messages.badRequest,
      errorNumber: ErrorNumber.Unknown,
    });
  });

  it('answers malformed JSON with Bad request', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api${ApiPaths.register}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName":',
    });

    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      message: Messages.badRequest,
      errorNumber: ErrorNumber.Unknown,
    });
  });
});
