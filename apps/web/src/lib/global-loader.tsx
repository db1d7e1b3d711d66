import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** The full-screen loader's state: hidden, or showing an upload percentage (0–100). */
export interface GlobalLoaderApi {
  percentage: number | undefined;
  show(percentage?: number): void;
  hide(): void;
}

const GlobalLoaderContext = createContext<GlobalLoaderApi | undefined>(undefined);

export function GlobalLoaderProvider({ children }: { children: ReactNode }) {
  const [percentage, setPercentage] = useState<number | undefined>(undefined);
  const api = useMemo<GlobalLoaderApi>(
    () => ({
      percentage,
      show: (next = 0) => setPercentage(Math.max(0, Math.min(100, Math.round(next)))),
      hide: () => setPercentage(undefined),
    }),
    [percentage],
  );
  return <GlobalLoaderContext.Provider value={api}>{children}</GlobalLoaderContext.Provider>;
}

export function useGlobalLoader(): GlobalLoaderApi {
  const api = useContext(GlobalLoaderContext);
  if (!api) throw new Error('useGlobalLoader must be used inside GlobalLoaderProvider');
  return api;
}
