import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { fieldErrors, Messages, ROLES, validateRegistration } from '@filmroom/contract';
import { errorMessageOf } from '../../../lib/api-error.js';
import { notify } from '../../../lib/notifier.js';
import { useFieldErrors } from '../../../lib/use-field-errors.js';
import { NameFields } from '../../../components/name-fields.js';
import { NewPasswordFields } from '../../../components/new-password-fields.js';
import { PhoneField } from '../../../components/phone-field.js';
import { RoleSelect } from '../../../components/role-select.js';
import { EmailField } from '../../../components/email-field.js';
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
        <NameFields values={form} errors={fields.errors} onChange={set} />
        <EmailField value={form.email} onChange={set('email')} error={fields.errors.email} />
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
        <NewPasswordFields
          id="password"
          label="Password"
          password={form.password}
          confirmation={form.confirmPassword}
          errors={{
            password: fields.errors.password,
            confirmation: fields.errors.confirmPassword,
          }}
          onPassword={set('password')}
          onConfirmation={set('confirmPassword')}
          hint={Messages.passwordComplexity}
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
