import { InputText } from 'primereact/inputtext';
import { FormField } from './form-field.js';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange?(value: string): void;
  type?: 'text' | 'email';
  autoComplete?: string;
  readOnly?: boolean;
  /** The contract's cap for this field (TextLimits). */
  maxLength?: number;
  /** Marks the label with an asterisk and the input with aria-required. */
  required?: boolean;
  /** Shown under the field, which is marked invalid. */
  error?: string | undefined;
  /** Shown under the field while it has no error. */
  hint?: string;
}

export function TextField({
  id,
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  readOnly,
  maxLength,
  required,
  error,
  hint,
}: TextFieldProps) {
  return (
    <FormField id={id} label={label} required={required} error={error} hint={hint}>
      {(control) => (
        <InputText
          {...control}
          type={type}
          value={value}
          autoComplete={autoComplete}
          readOnly={readOnly}
          maxLength={maxLength}
          aria-readonly={readOnly}
          invalid={Boolean(error)}
          onChange={(event) => onChange?.(event.target.value)}
        />
      )}
    </FormField>
  );
}
