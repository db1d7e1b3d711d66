import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { fieldErrors, Messages, validateResetConfirm } from '@filmroom/contract';
import { errorMessageOf } from '../../../lib/api-error.js';
import { notify } from '../../../lib/notifier.js';
import { useFieldErrors } from '../../../lib/use-field-errors.js';
import { NewPasswordFields } from '../../../components/new-password-fields.js';
import { useConfirmPasswordReset } from '../api/confirm-password-reset.js';
import { AuthLayout } from './auth-layout.js';

export function ConfirmResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const confirmMutation = useConfirmPasswordReset();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const fields = useFieldErrors(
    () => fieldErrors.resetConfirm({ password, confirmPassword }),
    () => validateResetConfirm({ password, confirmPassword }),
  );

  if (!token) return <Navigate to="/login" replace />;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const failures = validateResetConfirm({ password, confirmPassword });
    if (failures.length > 0) {
      fields.show();
      notify.errors(failures);
      return;
    }
    try {
      await confirmMutation.mutateAsync({ token: token ?? '', newPassword: password });
      notify.success(Messages.passwordSaved);
      navigate('/login', { replace: true });
    } catch (error) {
      notify.formError(errorMessageOf(error));
    }
  }

  return (
    <AuthLayout title="Confirm Reset Password">
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <NewPasswordFields
          id="new-password"
          confirmId="confirm-password"
          label="New Password"
          password={password}
          confirmation={confirmPassword}
          errors={{
            password: fields.errors.password,
            confirmation: fields.errors.confirmPassword,
          }}
          onPassword={setPassword}
          onConfirmation={setConfirmPassword}
          hint={Messages.passwordComplexity}
        />
        <Button
          type="submit"
          label="Save Password"
          loading={confirmMutation.isPending}
          className="w-full"
        />
      </form>
    </AuthLayout>
  );
}
