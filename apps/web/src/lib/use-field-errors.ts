import { useEffect, useState } from 'react';
import { notify } from './notifier.js';

/**
 * Field errors for a form: none until a submit fails, then the current ones for each field, following
 * the form as it is fixed. `failures` is the form's whole list of failing rules (the toasts): a toast
 * closes as soon as its rule passes, and the rest once nothing is wrong any more.
 */
export function useFieldErrors<F extends string>(
  check: () => Partial<Record<F, string>>,
  failures: () => readonly string[],
): { errors: Partial<Record<F, string>>; show(): void } {
  const [isShown, setShown] = useState(false);
  const errors = isShown ? check() : {};
  const stillFailing = isShown ? failures() : [];
  const failingKey = stillFailing.join('\n');
  const isFixed = isShown && stillFailing.length === 0;
  useEffect(() => {
    if (!isShown) return;
    notify.keepFormErrors(failingKey === '' ? [] : failingKey.split('\n'));
  }, [isShown, failingKey]);
  useEffect(() => {
    if (!isFixed) return;
    notify.dismissErrors();
    setShown(false);
  }, [isFixed]);
  return { errors, show: () => setShown(true) };
}
