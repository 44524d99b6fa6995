/** The time source of the server; tests pass their own to step over expiry windows. */
export type Clock = () => number;

/** Wall-clock milliseconds. */
export const systemClock: Clock = () => Date.now();
