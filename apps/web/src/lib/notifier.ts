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

let sink: ToastSink | undefined;

export function registerToastSink(next: ToastSink | undefined): void {
  sink = next;
}

function show(severity: 'success' | 'error' | 'info', detail: string): void {
  if (!sink) {
    console.warn(`[toast:${severity}] ${detail}`);
    return;
  }
  const summary = severity === 'success' ? 'Success' : severity === 'error' ? 'Error' : 'Info';
  sink.show({ severity, summary, detail, life: TOAST_LIFE_MS });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  /** Every validation failure is its own toast (spec §5). */
  errors: (messages: readonly string[]) => messages.forEach((message) => show('error', message)),
  clear: () => sink?.clear(),
};
