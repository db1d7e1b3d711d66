/**
 * What a field says under itself: its error once a submit found one, else a hint given up front (e.g.
 * the password rules). `id` is what the control names in aria-describedby.
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
