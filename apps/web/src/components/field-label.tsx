/** The asterisk beside a required field's label; the field itself says so with aria-required. */
export function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {' *'}
    </span>
  );
}

/** The line that explains the asterisk, once per form. */
export function RequiredNote() {
  return (
    <p className="required-note">
      <span aria-hidden="true">* </span>Required field
    </p>
  );
}

/**
 * A field's label, with the asterisk beside it (outside the label, so the field's name stays the
 * label's text alone).
 */
export function FieldLabel({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required?: boolean;
}) {
  if (!required) return <label htmlFor={htmlFor}>{label}</label>;
  return (
    <span className="field__label">
      <label htmlFor={htmlFor}>{label}</label>
      <RequiredMark />
    </span>
  );
}
