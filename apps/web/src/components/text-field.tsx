import { InputText } from 'primereact/inputtext';
import { FieldLabel } from './field-label.js';

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
        onChange={(event) => onChange?.(event.target.value)}
      />
    </div>
  );
}
