import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { ErrorNumber, fieldErrors, validateLogin } from '@filmroom/contract';
import { errorBodyOf, errorMessageOf } from '../../../lib/api-error.js';
import { useClock } from '../../../lib/clock.js';
import { notify } from '../../../lib/notifier.js';
import { useSession } from '../../../lib/session.js';
import { useFieldErrors } from '../../../lib/use-field-errors.js';
import { DowntimeBanner } from '../../../components/downtime-banner.js';
import { PasswordInput } from '../../../components/password-input.js';
import { EmailField } from '../../../components/email-field.js';
import { useLogin } from '../api/login.js';
import {
  keepIntendedDestination,
  safeDestination,
  takeIntendedDestination,
} from '../hooks/intended-destination.js';
import { forgetRememberedEmail, readRememberedEmail, rememberEmail } from '../hooks/remember-me.js';
import { AuthLayout } from './auth-layout.js';

export function LoginPage() {
  const { auth } = useSession();
  const [params] = useSearchParams();
  const from = params.get('from');
  const navigate = useNavigate();
  const clock = useClock();
  const loginMutation = useLogin();
  const isLoggingIn = useRef(false);
  const [remembered] = useState(readRememberedEmail);
  const [email, setEmail] = useState(remembered ?? '');
  const [password, setPassword] = useState('');
  const [isRemembered, setRemembered] = useState(remembered !== undefined);
  const fields = useFieldErrors(
    () => fieldErrors.login({ email, password }),
    () => validateLogin({ email, password }),
  );

  if (auth.token && !isLoggingIn.current) {
    return <Navigate to={safeDestination(from)} replace />;
  }
  if (!auth.token && from !== null) {
    keepIntendedDestination(from);
    return <Navigate to="/login" replace />;
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const failures = validateLogin({ email, password });
    if (failures.length > 0) {
      fields.show();
      notify.errors(failures);
      return;
    }
    const trimmedEmail = email.trim();
    try {
      isLoggingIn.current = true;
      await loginMutation.mutateAsync({ email: trimmedEmail, password });
      if (isRemembered) rememberEmail(trimmedEmail);
      else forgetRememberedEmail();
      navigate(takeIntendedDestination() ?? '/', { replace: true });
    } catch (error) {
      isLoggingIn.current = false;
      if (errorBodyOf(error)?.errorNumber === ErrorNumber.AccountNotActivated) {
        navigate(`/activate?email=${encodeURIComponent(trimmedEmail)}`);
        return;
      }
      notify.formError(errorMessageOf(error));
    }
  }

  return (
    <AuthLayout title="Log in" banner={<DowntimeBanner now={clock()} />}>
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <EmailField value={email} onChange={setEmail} error={fields.errors.email} />
        <PasswordInput
          id="password"
          label="Password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          error={fields.errors.password}
        />
        <div className="form__row">
          <div className="checkbox-field">
            <Checkbox
              inputId="remember-me"
              checked={isRemembered}
              onChange={(event) => {
                const checked = event.checked === true;
                setRemembered(checked);
                if (!checked) forgetRememberedEmail();
              }}
            />
            <label htmlFor="remember-me">Remember me</label>
          </div>
          <Link to="/reset-password">Reset Password</Link>
        </div>
        <Button type="submit" label="Log in" loading={loginMutation.isPending} className="w-full" />
        <p className="form__footer">
          Don&apos;t have an account? <Link to="/register">Sign Up</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
