/** Injectable time source: every rule about expiry and waiting reads the clock, never `new Date()`. */
export type Clock = { now(): Date }

export const systemClock: Clock = { now: () => new Date() }
