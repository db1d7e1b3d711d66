import { useLayoutEffect, useRef } from 'react';
import { Toast } from 'primereact/toast';
import { registerToastSink } from '../lib/notifier.js';

/** Where the stack stops floating and takes its own room above the page (styles.css). */
const SMALL_SCREEN = '(max-width: 600px)';

/** On a phone a new toast is brought into view when the page was scrolled past the stack. */
function revealOnSmallScreen(stack: HTMLElement | null | undefined): void {
  if (!stack || !window.matchMedia?.(SMALL_SCREEN).matches) return;
  if (stack.getBoundingClientRect().top < 0) window.scrollTo({ top: 0, behavior: 'smooth' });
}

/**
 * The one toast area: top-right on wide screens, above the page on phones; each toast closes after
 * TOAST_LIFE_MS (set by the notifier). Rendered before the pages so that on phones it comes first.
 */
export function ToastHost() {
  const toast = useRef<Toast>(null);
  useLayoutEffect(() => {
    registerToastSink({
      show: (message) => {
        toast.current?.show(message);
        revealOnSmallScreen(toast.current?.getElement());
      },
      remove: (message) => toast.current?.remove(message),
      clear: () => toast.current?.clear(),
    });
    return () => registerToastSink(undefined);
  }, []);
  return <Toast ref={toast} position="top-right" className="app-toasts" />;
}
