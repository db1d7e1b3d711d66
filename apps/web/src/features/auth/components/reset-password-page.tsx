import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { fieldErrors, Messages, validateResetRequest } from '@filmroom/contract';
import { errorMessageOf } from '../../../lib/api-error.js';
import { notify } from '../../../lib/notifier.js';
import { useFieldErrors } from '../../../lib/use-field-errors.js';
import { ResendEmailButton } from '../../../components/resend-email-button.js';
import { EmailField } from '../../../components/email-field.js';
import { useRequestPasswordReset } from '../api/request-password-reset.js';
import { AuthLayout } from './auth-layout.js';

export function ResetPasswordPage() {
  const resetMutation = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const fields = useFieldErrors(
    () => fieldErrors.resetRequest({ email }),
    () => validateResetRequest({ email }),
  );

  async function send(): Promise<boolean> {
    const failures = validateResetRequest({ email });
    if (failures.length > 0) {
      fields.show();
      notify.errors(failures);
      return false;
    }
    try {
      await resetMutation.mutateAsync({ email: email.trim() });
      notify.success(Messages.emailSent);
      return true;
    } catch (error) {
      notify.formError(errorMessageOf(error));
      return false;
    }
  }

  return (
    <AuthLayout title="Reset Password">
      <form className="form" onSubmit={(event: FormEvent) => event.preventDefault()} noValidate>
        <p className="muted">
          Enter the e-mail address of your account and we will send you a reset link.
        </p>
        <EmailField value={email} onChange={setEmail} error={fields.errors.email} />
        <ResendEmailButton
          firstLabel="Send Email"
          againLabel="Re-send Email"
          isSending={resetMutation.isPending}
          onSend={send}
        />
        <p className="form__footer">
          <Link to="/login">Back to Log in</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
