import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { fieldErrors, Messages, ROLES, validateRegistration, TextLimits } from '@filmroom/contract';
import { errorMessageOf } from '../../../lib/api-error.js';
import { notify } from '../../../lib/notifier.js';
import { useFieldErrors } from '../../../lib/use-field-errors.js';
import { PasswordInput } from '../../../components/password-input.js';
import { PhoneField } from '../../../components/phone-field.js';
import { RoleSelect } from '../../../components/role-select.js';
import { TextField } from '../../../components/text-field.js';
import { useRegister } from '../api/register.js';
import { AuthLayout } from './auth-layout.js';

export function RegisterPage() {
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const [form, setForm] = useState({
    firstName: '',
    lastName: '',
    email: '',
    phoneNumber: '',
    roleName: '',
    password: '',
    confirmPassword: '',
  });
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));
  const fields = useFieldErrors(
    () => fieldErrors.registration(form),
    () => validateRegistration(form),
  );

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const failures = validateRegistration(form);
    if (failures.length > 0) {
      fields.show();
      notify.errors(failures);
      return;
    }
    try {
      await registerMutation.mutateAsync({
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        email: form.email.trim(),
        phoneNumber: form.phoneNumber,
        roleName: form.roleName,
        password: form.password,
      });
      notify.success(Messages.userRegistered);
      notify.info(Messages.activationMailSent);
      navigate('/login');
    } catch (error) {
      notify.formError(errorMessageOf(error));
    }
  }

  return (
    <AuthLayout title="Create your account">
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <div className="form__grid">
          <TextField
            id="first-name"
            label="First Name"
            value={form.firstName}
            onChange={set('firstName')}
            error={fields.errors.firstName}
            autoComplete="given-name"
            maxLength={TextLimits.name}
          />
          <TextField
            id="last-name"
            label="Last Name"
            value={form.lastName}
            onChange={set('lastName')}
            error={fields.errors.lastName}
            autoComplete="family-name"
            maxLength={TextLimits.name}
          />
        </div>
        <TextField
          id="email"
          label="Email"
          type="email"
          value={form.email}
          onChange={set('email')}
          error={fields.errors.email}
          autoComplete="email"
          maxLength={TextLimits.email}
        />
        <PhoneField
          id="phone"
          label="Phone"
          value={form.phoneNumber}
          onChange={set('phoneNumber')}
          error={fields.errors.phoneNumber}
        />
        <RoleSelect
          id="role"
          label="Role"
          value={form.roleName}
          roles={ROLES.map((role) => role.name)}
          onChange={set('roleName')}
          error={fields.errors.roleName}
        />
        <PasswordInput
          id="password"
          label="Password"
          value={form.password}
          onChange={set('password')}
          error={fields.errors.password}
          hint={Messages.passwordComplexity}
          autoComplete="new-password"
          maxLength={TextLimits.password}
        />
        <PasswordInput
          id="confirm-password"
          label="Confirm Password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={fields.errors.confirmPassword}
          autoComplete="new-password"
          maxLength={TextLimits.password}
        />
        <Button
          type="submit"
          label="Register"
          loading={registerMutation.isPending}
          className="w-full"
        />
        <p className="form__footer">
          Already have an account? <Link to="/login">Login</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
