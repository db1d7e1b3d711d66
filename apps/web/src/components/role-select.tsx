import { FormField } from './form-field.js';

interface RoleSelectProps {
  id: string;
  label: string;
  value: string;
  roles: readonly string[];
  onChange(value: string): void;
  /** Shown under the field, which is marked invalid. */
  error?: string;
}

/** A native dropdown: labelled, keyboard friendly and selectable by tests and assistive tech. */
export function RoleSelect({ id, label, value, roles, onChange, error }: RoleSelectProps) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <select
          {...control}
          className={error ? 'p-inputtext select p-invalid' : 'p-inputtext select'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">Select a role</option>
          {roles.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
