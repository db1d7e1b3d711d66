import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';
import { AppProviders } from '../app/providers.js';
import { routes } from '../app/router.js';
import type { Clock } from '../lib/clock.js';
import { createQueryClient } from '../lib/query-client.js';
import { setRuntimeConfig } from '../lib/runtime-config.js';
import { saveAuth } from '../lib/session.js';
import { makeToken } from './tokens.js';

interface RenderAppOptions {
  path: string;
  apiBaseUrl: string;
  clock?: Clock;
  /** Signs in before rendering, with a token for this role list. */
  signedInAs?: string[];
}

const openClients = new Set<ReturnType<typeof createQueryClient>>();

/** Stops what rendered apps still have in flight so one test's calls cannot toast in the next. */
export async function cleanupApps(): Promise<void> {
  for (const client of openClients) {
    await client.cancelQueries();
    client.clear();
  }
  openClients.clear();
}

// Runs before the shared clean-up in setup.ts (after-hooks run last-registered first).
afterEach(cleanupApps);

export function signIn(role: string[] = ['Player'], email = 'player@example.com'): void {
  saveAuth({ token: makeToken({ role, email }), refreshToken: 'refresh-1' });
}

export function renderApp({ path, apiBaseUrl, clock, signedInAs }: RenderAppOptions) {
  setRuntimeConfig({ apiBaseUrl });
  if (signedInAs) signIn(signedInAs);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const visited: string[] = [path];
  router.subscribe((state) => visited.push(state.location.pathname + state.location.search));
  const queryClient = createQueryClient();
  openClients.add(queryClient);
  const user = userEvent.setup({ delay: null });
  const view = render(
    <AppProviders queryClient={queryClient} clock={clock}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => router.state.location.pathname + router.state.location.search;
  return { ...view, router, user, visited, location, queryClient };
}

/** Texts of the toasts on screen, in order. */
export function toastTexts(): string[] {
  return Array.from(document.querySelectorAll('.p-toast-message .p-toast-message-text'))
    .map((element) => element.querySelector('.p-toast-detail')?.textContent ?? '')
    .filter((text) => text !== '');
}
