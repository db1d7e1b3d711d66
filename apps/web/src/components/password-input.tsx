import { useState } from 'react';
import { InputText } from 'primereact/inputtext';
import { FormField } from './form-field.js';

interface PasswordInputProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete?: string;
  /** Set on new passwords (TextLimits.password); a login takes what an older account has. */
  maxLength?: number;
  /** Shown under the field, which is marked invalid. */
  error?: string;
  /** Shown under the field until it has an error (the password rules, before the first failure). */
  hint?: string;
}

/** A labelled password field with a show/hide toggle. */
export function PasswordInput({
  id,
  label,
  value,
  onChange,
  autoComplete,
  maxLength,
  error,
  hint,
}: PasswordInputProps) {
  const [isVisible, setVisible] = useState(false);
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <div className="password-input">
          <InputText
            {...control}
            type={isVisible ? 'text' : 'password'}
            value={value}
            autoComplete={autoComplete}
            maxLength={maxLength}
            invalid={Boolean(error)}
            onChange={(event) => onChange(event.target.value)}
          />
          <button
            type="button"
            className="password-input__toggle"
            aria-label={isVisible ? 'Hide password' : 'Show password'}
            aria-controls={id}
            aria-pressed={isVisible}
            onClick={() => setVisible((visible) => !visible)}
          >
            <i className={`pi ${isVisible ? 'pi-eye-slash' : 'pi-eye'}`} aria-hidden="true" />
          </button>
        </div>
      )}
    </FormField>
  );
}
