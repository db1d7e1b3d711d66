import { InputText } from 'primereact/inputtext';
import { FieldLabel } from './field-label.js';
import { FieldMessage, fieldMessageProps } from './field-message.js';

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
  error?: string;
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
}: TextFieldProps) {
  return (
    <div className="field">
      <FieldLabel htmlFor={id} label={label} required={required} />
      <InputText
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        readOnly={readOnly}
        maxLength={maxLength}
        aria-readonly={readOnly}
        aria-required={required || undefined}
        invalid={Boolean(error)}
        {...fieldMessageProps(id, error)}
        onChange={(event) => onChange?.(event.target.value)}
      />
      <FieldMessage id={`${id}-message`} error={error} />
    </div>
  );
}
