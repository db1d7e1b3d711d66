import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { isValidEmail, Messages } from '@filmroom/contract';
import { errorMessageOf } from '../../../lib/api-error.js';
import { notify } from '../../../lib/notifier.js';
import { ResendEmailButton } from '../../../components/resend-email-button.js';
import { useActivateAccount } from '../api/activate-account.js';
import { useResendActivation } from '../api/resend-activation.js';
import { AuthLayout } from './auth-layout.js';

type ActivationState = 'not-activated' | 'activating' | 'activated' | 'already-active' | 'failed';

const TITLES: Record<ActivationState, string> = {
  'not-activated': 'Account Not Activated',
  activating: 'Activating Account',
  activated: 'Account Activated',
  'already-active': 'Account Activated',
  failed: 'Account Activation Failed',
};

export function ActivatePage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const token = params.get('token');
  const isEmailValid = isValidEmail(email);
  const navigate = useNavigate();
  const activateMutation = useActivateAccount();
  const resendMutation = useResendActivation();
  const [state, setState] = useState<ActivationState>(token ? 'activating' : 'not-activated');
  const activatedToken = useRef<string | null>(null);

  const reportedInvalidEmail = useRef(false);

  useEffect(() => {
    if (isEmailValid || reportedInvalidEmail.current) return;
    reportedInvalidEmail.current = true;
    notify.error(Messages.invalidEmail);
  }, [isEmailValid]);

  useEffect(() => {
    // Activation tokens are single use: call once per token even when effects run twice.
    if (!isEmailValid || !token || activatedToken.current === token) return;
    activatedToken.current = token;
    setState('activating');
    activateMutation.mutate(
      { token },
      { onSuccess: (outcome) => setState(outcome), onError: () => setState('failed') },
    );
  }, [isEmailValid, token, activateMutation]);

  if (!isEmailValid) return <Navigate to="/login" replace />;

  async function resend(): Promise<boolean> {
    try {
      await resendMutation.mutateAsync({ email: email.trim() });
      notify.success(Messages.emailSent);
      return true;
    } catch (error) {
      notify.error(errorMessageOf(error));
      return false;
    }
  }

  return (
    <AuthLayout title={TITLES[state]}>
      <div className="form">
        {state === 'not-activated' && (
          <p>
            The account for <strong>{email}</strong> is not activated yet. Open the link in the
            e-mail we sent you, or send the e-mail again.
          </p>
        )}
        {state === 'activating' && (
          <p>
            Activating the account for <strong>{email}</strong>…
          </p>
        )}
        {state === 'activated' && <p>{Messages.accountActivated}</p>}
        {state === 'already-active' && <p>{Messages.accountAlreadyActive}</p>}
        {state === 'failed' && <p>{Messages.activationFailed}</p>}
        {(state === 'not-activated' || state === 'failed') && (
          <ResendEmailButton
            firstLabel="Resend Email"
            againLabel="Resend Email"
            isSending={resendMutation.isPending}
            onSend={resend}
          />
        )}
        {(state === 'activated' || state === 'already-active') && (
          <Button
            type="button"
            label="Go to Login"
            className="w-full"
            onClick={() => navigate('/login')}
          />
        )}
      </div>
    </AuthLayout>
  );
}
