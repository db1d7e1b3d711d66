import { useCallback, useEffect, useState } from 'react';

/** A seconds countdown; `start` (re)starts it, `remaining` reaches 0 when done. */
export function useCountdown(lengthSeconds: number): { remaining: number; start(): void } {
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (remaining <= 0) return undefined;
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const start = useCallback(() => setRemaining(lengthSeconds), [lengthSeconds]);
  return { remaining, start };
}
