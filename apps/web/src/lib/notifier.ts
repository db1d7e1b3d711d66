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

/** Closes the given form error toasts, whether on screen or still waiting for the host. */
function close(messages: readonly ToastMessage[]): void {
  openErrors = openErrors.filter((message) => !messages.includes(message));
  for (const message of messages) {
    const waiting = pending.indexOf(message);
    if (waiting >= 0) pending.splice(waiting, 1);
    else sink?.remove(message);
  }
}

/** A form's new outcome replaces what its previous submit said. */
function closeFormErrors(): void {
  close(openErrors);
}

export const notify = {
  /** A success also closes the form errors it answers (e.g. a Save after a failed one). */
  success: (message: string) => {
    closeFormErrors();
    show('success', message);
  },
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  /**
   * Every validation failure is its own toast (spec §5). They replace the form's earlier error toasts,
   * and close one by one as their fields are fixed, or together when the form is left.
   */
  errors: (messages: readonly string[]) => {
    closeFormErrors();
    messages.forEach((message) => show('error', message, true));
  },
  /** A form's submission failed (e.g. wrong credentials): replaces its earlier error toasts. */
  formError: (message: string) => {
    closeFormErrors();
    show('error', message, true);
  },
  /** Whether a toast is (still) on screen. */
  isActive: () => Date.now() < activeUntil,
  /** The form error toasts still open, by message, oldest first. */
  openFormErrors: (): string[] => openErrors.map((message) => message.detail),
  clear: () => {
    activeUntil = 0;
    pending.length = 0;
    openErrors = [];
    sink?.clear();
  },
  /**
   * Closes the form error toasts whose message is no longer among the form's current failures: a
   * fixed field's toast goes while the others stay.
   */
  keepFormErrors: (stillFailing: readonly string[]) =>
    close(openErrors.filter((message) => !stillFailing.includes(message.detail))),
  /**
   * Closes the form error toasts still open, leaving the others: called when a form is fixed and when
   * the page changes, so an error never stays over a page it was not about.
   */
  dismissErrors: closeFormErrors,
};
