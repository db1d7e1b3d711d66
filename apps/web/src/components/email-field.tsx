import { TextLimits } from '@filmroom/contract';
import { TextField } from './text-field.js';

interface EmailFieldProps {
  id?: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}

/** The account's e-mail address, as every form asks for it (log in, register, reset password). */
export function EmailField({ id = 'email', value, onChange, error }: EmailFieldProps) {
  return (
    <TextField
      id={id}
      label="Email"
      type="email"
      value={value}
      onChange={onChange}
      autoComplete="email"
      maxLength={TextLimits.email}
      error={error}
    />
  );
}
