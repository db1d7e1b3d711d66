import { TextLimits } from '@filmroom/contract';
import { TextField } from './text-field.js';

type NameField = 'firstName' | 'lastName';

interface NameFieldsProps {
  /** Put before each field's id ('profile-' gives 'profile-first-name'). */
  idPrefix?: string;
  values: Record<NameField, string>;
  errors: Partial<Record<NameField, string>>;
  onChange(field: NameField): (value: string) => void;
}

/** A person's first and last name side by side (registration, my profile). */
export function NameFields({ idPrefix = '', values, errors, onChange }: NameFieldsProps) {
  return (
    <div className="form__grid">
      <TextField
        id={`${idPrefix}first-name`}
        label="First Name"
        value={values.firstName}
        onChange={onChange('firstName')}
        error={errors.firstName}
        autoComplete="given-name"
        maxLength={TextLimits.name}
      />
      <TextField
        id={`${idPrefix}last-name`}
        label="Last Name"
        value={values.lastName}
        onChange={onChange('lastName')}
        error={errors.lastName}
        autoComplete="family-name"
        maxLength={TextLimits.name}
      />
    </div>
  );
}
