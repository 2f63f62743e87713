/** The time source of anything that schedules, expires or stamps: injected, so tests move it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
