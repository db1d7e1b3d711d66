import { TOAST_LIFE_MS } from '@filmroom/contract';

/** What the toast host must offer; the app registers PrimeReact's Toast here. */
export interface ToastSink {
  show(message: {
    severity: 'success' | 'info' | 'warn' | 'error';
    summary: string;
    detail: string;
    life: number;
  }): void;
  clear(): void;
}

type ToastMessage = Parameters<ToastSink['show']>[0];

let sink: ToastSink | undefined;
/** Toasts raised before the toast host mounted (e.g. by a page's first effect) wait here. */
const pending: ToastMessage[] = [];
/** When the last toast shown closes by itself; used to avoid stacking a generic toast on a specific one. */
let activeUntil = 0;

export function registerToastSink(next: ToastSink | undefined): void {
  sink = next;
  if (sink) for (const message of pending.splice(0)) sink.show(message);
}

function show(severity: 'success' | 'error' | 'info', detail: string): void {
  const summary = severity === 'success' ? 'Success' : severity === 'error' ? 'Error' : 'Info';
  const message: ToastMessage = { severity, summary, detail, life: TOAST_LIFE_MS };
  activeUntil = Date.now() + TOAST_LIFE_MS;
  if (sink) sink.show(message);
  else pending.push(message);
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  /** Every validation failure is its own toast (spec §5). */
  errors: (messages: readonly string[]) => messages.forEach((message) => show('error', message)),
  /** Whether a toast is (still) on screen. */
  isActive: () => Date.now() < activeUntil,
  clear: () => {
    activeUntil = 0;
    pending.length = 0;
    sink?.clear();
  },
};
