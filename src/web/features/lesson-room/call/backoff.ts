// protocol §2: the socket reconnects after 0.5, 1, 2, 4, 8 s, then every 8 s.
const FIRST_MS = 500
const MAX_MS = 8_000

/** The wait before reconnect attempt `attempt` (0 for the first attempt after a drop). */
export const reconnectDelay = (attempt: number): number =>
  Math.min(MAX_MS, FIRST_MS * 2 ** Math.max(0, attempt))
