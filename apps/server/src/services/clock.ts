/** The current time; tests pass their own to step past expiries. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
