/**
 * Time as core sees it: injected, so the expiry sweep and deadlines can be driven by a fake clock
 * in tests without sleeping.
 */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export const iso = (clock: Clock) => clock().toISOString();
export const addHours = (at: string, hours: number) => new Date(Date.parse(at) + hours * 3_600_000).toISOString();
