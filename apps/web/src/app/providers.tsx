import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { ClockProvider, type Clock } from '../lib/clock.js';
import { GlobalLoaderProvider, useGlobalLoader } from '../lib/global-loader.js';
import { registerCacheClearer } from '../lib/sign-out.js';
import { GlobalLoaderOverlay } from '../components/global-loader-overlay.js';
import { ToastHost } from './toast-host.js';

interface AppProvidersProps {
  queryClient: QueryClient;
  clock?: Clock;
  children: ReactNode;
}

const systemClock: Clock = () => new Date();

export function AppProviders({ queryClient, clock = systemClock, children }: AppProvidersProps) {
  useEffect(() => {
    // Signing out drops every cached answer, including the video lists (spec §4).
    registerCacheClearer(() => queryClient.clear());
  }, [queryClient]);

  return (
    <PrimeReactProvider value={{ ripple: true }}>
      <QueryClientProvider client={queryClient}>
        <ClockProvider value={clock}>
          <GlobalLoaderProvider>
            <ToastHost />
            {children}
            <ConfirmDialog defaultFocus="reject" />
            <GlobalLoader />
          </GlobalLoaderProvider>
        </ClockProvider>
      </QueryClientProvider>
    </PrimeReactProvider>
  );
}

function GlobalLoader() {
  const { percentage, transfer } = useGlobalLoader();
  return <GlobalLoaderOverlay percentage={percentage} transfer={transfer} />;
}
