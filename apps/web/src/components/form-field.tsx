import type { ReactNode } from 'react';
import { FieldLabel } from './field-label.js';
import { FieldMessage } from './field-message.js';

/** What the control inside a FormField spreads on itself so its label and message name it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

interface FormFieldProps {
  id: string;
  label: string;
  /** Marks the label with an asterisk and the control with aria-required. */
  required?: boolean;
  /** Shown under the control, which is marked invalid. */
  error?: string | undefined;
  /** Shown under the control until it has an error (e.g. the password rules). */
  hint?: string | undefined;
  /** Extra class names on the wrapper (e.g. a layout modifier). */
  className?: string;
  /** Renders the control itself with the ARIA it needs. */
  children(control: FieldControlProps): ReactNode;
}

/**
 * One labelled form field: its label (with the asterisk when required), the control, and under it the
 * inline error (or hint) that the control names in aria-describedby. Every form's fields use it, so a
 * field looks, reads and announces the same on every page.
 */
export function FormField({
  id,
  label,
  required,
  error,
  hint,
  className,
  children,
}: FormFieldProps) {
  const messageId = `${id}-message`;
  const control: FieldControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? messageId : undefined,
    'aria-required': required ? true : undefined,
  };
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      {children(control)}
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}
