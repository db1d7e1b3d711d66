import { describe, expect, it } from 'vitest';
import { Messages } from './messages.js';
import {
  fieldErrors,
  validateChangePassword,
  validateRegistration,
  validateVideoDetails,
} from './validation.js';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '555-123-4567',
  roleName: 'Player',
  password: 'Str0ng!pass',
  confirmPassword: 'Str0ng!pass',
};

describe('registration rules', () => {
  it('accepts a complete, valid form', () => {
    expect(validateRegistration(valid)).toEqual([]);
  });

  it('reports every empty required field together, in form order', () => {
    expect(
      validateRegistration({
        firstName: ' ',
        lastName: '',
        email: '',
        roleName: '',
        password: '',
        confirmPassword: '',
      }),
    ).toEqual([
      Messages.firstNameRequired,
      Messages.lastNameRequired,
      Messages.emailRequired,
      Messages.roleRequired,
      Messages.passwordRequired,
      Messages.confirmPasswordRequired,
    ]);
  });

  it('rejects a bad email, a short phone, a weak and a mismatched password', () => {
    expect(
      validateRegistration({
        ...valid,
        email: 'ada@',
        phoneNumber: '555-123',
        password: 'weakpass',
        confirmPassword: 'other',
      }),
    ).toEqual([
      Messages.invalidEmail,
      Messages.invalidPhone,
      Messages.passwordComplexity,
      Messages.passwordMismatch,
    ]);
  });

  it('requires each character class including a special character from the allowed set', () => {
    for (const password of [
      'short1!A',
      'NoDigits!!',
      'nouppercase1!',
      'NOLOWER1!',
      'NoSpecial12',
    ]) {
      const expected = password === 'short1!A' ? [] : [Messages.passwordComplexity];
      expect(validateRegistration({ ...valid, password, confirmPassword: password })).toEqual(
        expected,
      );
    }
  });
});

describe('change password rules', () => {
  it('asks for confirmation only once a new password is given', () => {
    expect(
      validateChangePassword({ oldPassword: '', newPassword: '', confirmPassword: '' }),
    ).toEqual([Messages.oldPasswordRequired, Messages.newPasswordRequired]);
    expect(
      validateChangePassword({ oldPassword: 'x', newPassword: 'Str0ng!pass', confirmPassword: '' }),
    ).toEqual([Messages.confirmPasswordRequired]);
  });
});

describe('field errors', () => {
  it('name each failing field with its first failing rule, and nothing for the fields that pass', () => {
    expect(fieldErrors.login({ email: '', password: '' })).toEqual({
      email: Messages.emailRequired,
      password: Messages.passwordRequired,
    });
    expect(
      fieldErrors.registration({
        firstName: 'Jamie',
        lastName: '',
        email: 'jamie@nowhere',
        phoneNumber: '',
        roleName: 'Player',
        password: 'weak',
        confirmPassword: 'other',
      }),
    ).toEqual({
      lastName: Messages.lastNameRequired,
      email: Messages.invalidEmail,
      password: Messages.passwordComplexity,
      confirmPassword: Messages.passwordMismatch,
    });
    expect(
      fieldErrors.changePassword({
        oldPassword: 'x',
        newPassword: 'Str0ng!pass',
        confirmPassword: '',
      }),
    ).toEqual({ confirmPassword: Messages.confirmPasswordRequired });
  });

  it('list the same messages as the validators, field by field', () => {
    const form = { title: ' ', description: '', notes: '' };
    expect(Object.values(fieldErrors.videoDetails(form))).toEqual(validateVideoDetails(form));
  });
});
