import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** What the loader shows of a running file transfer besides its percentage (beyond the spec). */
export interface LoaderTransfer {
  /** e.g. '12 MB/s'. */
  speed: string;
  /** e.g. 'about 3 min left'. */
  timeLeft: string;
  /** Stops the upload; the loader shows a Cancel button while this is set. */
  cancel?: () => void;
}

/** The full-screen loader's state: hidden, or showing an upload percentage (0–100). */
export interface GlobalLoaderApi {
  percentage: number | undefined;
  transfer: LoaderTransfer | undefined;
  show(percentage?: number, transfer?: LoaderTransfer): void;
  hide(): void;
}

const GlobalLoaderContext = createContext<GlobalLoaderApi | undefined>(undefined);

export function GlobalLoaderProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ percentage?: number; transfer?: LoaderTransfer }>({});
  const api = useMemo<GlobalLoaderApi>(
    () => ({
      percentage: state.percentage,
      transfer: state.transfer,
      show: (next = 0, transfer) =>
        setState({ percentage: Math.max(0, Math.min(100, Math.round(next))), transfer }),
      hide: () => setState({}),
    }),
    [state],
  );
  return <GlobalLoaderContext.Provider value={api}>{children}</GlobalLoaderContext.Provider>;
}

export function useGlobalLoader(): GlobalLoaderApi {
  const api = useContext(GlobalLoaderContext);
  if (!api) throw new Error('useGlobalLoader must be used inside GlobalLoaderProvider');
  return api;
}
