import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles.css';
import { AppProviders } from './app/providers.js';
import { routes } from './app/router.js';
import { queryClient } from './lib/query-client.js';
import { loadRuntimeConfig } from './lib/runtime-config.js';

async function start(): Promise<void> {
  await loadRuntimeConfig();
  const router = createBrowserRouter(routes);
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
