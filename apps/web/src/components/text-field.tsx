import { InputText } from 'primereact/inputtext';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange?(value: string): void;
  type?: 'text' | 'email';
  autoComplete?: string;
  readOnly?: boolean;
}

export function TextField({
  id,
  label,
  value,
  onChange,
  type = 'text',
  autoComplete,
  readOnly,
}: TextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <InputText
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        readOnly={readOnly}
        aria-readonly={readOnly}
        onChange={(event) => onChange?.(event.target.value)}
      />
    </div>
  );
}
