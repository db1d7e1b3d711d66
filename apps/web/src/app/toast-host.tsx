import { useLayoutEffect, useRef } from 'react';
import { Toast } from 'primereact/toast';
import { registerToastSink } from '../lib/notifier.js';

/** The one toast area: top-right; each toast closes after TOAST_LIFE_MS (set by the notifier). */
export function ToastHost() {
  const toast = useRef<Toast>(null);
  useLayoutEffect(() => {
    registerToastSink({
      show: (message) => toast.current?.show(message),
      remove: (message) => toast.current?.remove(message),
      clear: () => toast.current?.clear(),
    });
    return () => registerToastSink(undefined);
  }, []);
  return <Toast ref={toast} position="top-right" />;
}
