import { useEffect, useState } from 'react';
import { notify } from './notifier.js';

/**
 * Field errors for a form: none until a submit fails, then the current ones for each field, following
 * the form as it is fixed. Once nothing is wrong any more the form's error toasts close.
 */
export function useFieldErrors<F extends string>(
  check: () => Partial<Record<F, string>>,
): { errors: Partial<Record<F, string>>; show(): void } {
  const [isShown, setShown] = useState(false);
  const errors = isShown ? check() : {};
  const isFixed = isShown && Object.keys(errors).length === 0;
  useEffect(() => {
    if (!isFixed) return;
    notify.dismissErrors();
    setShown(false);
  }, [isFixed]);
  return { errors, show: () => setShown(true) };
}
