import { createContext, useContext } from 'react';

/** The current time, injectable so date-dependent screens can be tested. */
export type Clock = () => Date;

const ClockContext = createContext<Clock>(() => new Date());

export const ClockProvider = ClockContext.Provider;

export function useClock(): Clock {
  return useContext(ClockContext);
}
