/**
 * What a field says under itself: its error once a submit found one, else a hint given up front (e.g.
 * the password rules). `id` is what the input names in aria-describedby.
 */
export function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error) {
    return (
      <small id={id} className="field__error">
        {error}
      </small>
    );
  }
  if (!hint) return null;
  return (
    <small id={id} className="field__hint">
      {hint}
    </small>
  );
}

/** The input's ARIA for its message: marked invalid while it has an error, described by the message. */
export function fieldMessageProps(id: string, error?: string, hint?: string) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? `${id}-message` : undefined,
  };
}
