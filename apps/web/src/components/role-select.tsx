interface RoleSelectProps {
  id: string;
  label: string;
  value: string;
  roles: readonly string[];
  onChange(value: string): void;
}

/** A native dropdown: labelled, keyboard friendly and selectable by tests and assistive tech. */
export function RoleSelect({ id, label, value, roles, onChange }: RoleSelectProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="p-inputtext select"
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
    </div>
  );
}
