import { useState } from 'react';
import { InputText } from 'primereact/inputtext';

interface PasswordInputProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete?: string;
  /** Set on new passwords (TextLimits.password); a login takes what an older account has. */
  maxLength?: number;
}

/** A labelled password field with a show/hide toggle. */
export function PasswordInput({
  id,
  label,
  value,
  onChange,
  autoComplete,
  maxLength,
}: PasswordInputProps) {
  const [isVisible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <InputText
          id={id}
          type={isVisible ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          maxLength={maxLength}
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
    </div>
  );
}
