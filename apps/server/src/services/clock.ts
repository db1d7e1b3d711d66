/** The current time; tests pass their own to step past expiries. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** Seconds since a `performance.now()` reading, to the tenth: how long a step took, for the log. */
export function secondsSince(started: number): number {
  return Math.round((performance.now() - started) / 100) / 10;
}
