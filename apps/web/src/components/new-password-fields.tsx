import { TextLimits } from '@filmroom/contract';
import { PasswordInput } from './password-input.js';

interface NewPasswordFieldsProps {
  /** The password field's id and label ('password', 'Password'); the confirmation's follow them. */
  id: string;
  label: string;
  /** The confirmation's id; `confirm-<id>` unless given. */
  confirmId?: string;
  password: string;
  confirmation: string;
  errors: { password?: string; confirmation?: string };
  onPassword(value: string): void;
  onConfirmation(value: string): void;
  hint?: string;
}

/** A new password and its confirmation (registration, change password, confirm reset password). */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        id={props.id}
        label={props.label}
        value={props.password}
        onChange={props.onPassword}
        error={props.errors.password}
        hint={props.hint}
        autoComplete="new-password"
        maxLength={TextLimits.password}
      />
      <PasswordInput
        id={props.confirmId ?? `confirm-${props.id}`}
        label="Confirm Password"
        value={props.confirmation}
        onChange={props.onConfirmation}
        error={props.errors.confirmation}
        autoComplete="new-password"
        maxLength={TextLimits.password}
      />
    </>
  );
}
