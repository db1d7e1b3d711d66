import { TOAST_LIFE_MS } from '@filmroom/contract';

/** What the toast host must offer; the app registers PrimeReact's Toast here. */
export interface ToastSink {
  show(message: ToastMessage): void;
  /** Closes one toast shown earlier (the same message). */
  remove(message: ToastMessage): void;
  clear(): void;
}

interface ToastMessage {
  severity: 'success' | 'info' | 'warn' | 'error';
  summary: string;
  detail: string;
  life: number;
}

let sink: ToastSink | undefined;
/** Toasts raised before the toast host mounted (e.g. by a page's first effect) wait here. */
const pending: ToastMessage[] = [];
/** When the last toast shown closes by itself; used to avoid stacking a generic toast on a specific one. */
let activeUntil = 0;
/** A form's error toasts that may still be open: they go when the form is fixed or left. */
let openErrors: ToastMessage[] = [];

export function registerToastSink(next: ToastSink | undefined): void {
  sink = next;
  if (sink) for (const message of pending.splice(0)) sink.show(message);
}

function show(severity: 'success' | 'error' | 'info', detail: string, aboutForm = false): void {
  const summary = severity === 'success' ? 'Success' : severity === 'error' ? 'Error' : 'Info';
  const message: ToastMessage = { severity, summary, detail, life: TOAST_LIFE_MS };
  activeUntil = Date.now() + TOAST_LIFE_MS;
  if (aboutForm) openErrors.push(message);
  if (sink) sink.show(message);
  else pending.push(message);
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  /** Every validation failure is its own toast (spec §5); they close when the form is fixed or left. */
  errors: (messages: readonly string[]) =>
    messages.forEach((message) => show('error', message, true)),
  /** A form's submission failed (e.g. wrong credentials): closes when the form is fixed or left. */
  formError: (message: string) => show('error', message, true),
  /** Whether a toast is (still) on screen. */
  isActive: () => Date.now() < activeUntil,
  clear: () => {
    activeUntil = 0;
    pending.length = 0;
    openErrors = [];
    sink?.clear();
  },
  /**
   * Closes the form error toasts still open, leaving the others: called when a form is fixed and when
   * the page changes, so an error never stays over a page it was not about.
   */
  dismissErrors: () => {
    const errors = openErrors;
    openErrors = [];
    for (const message of errors) {
      const waiting = pending.indexOf(message);
      if (waiting >= 0) pending.splice(waiting, 1);
      else sink?.remove(message);
    }
  },
};
