// protocol §2 "Reconnecting" (decisions.md "The room's trust: session-bound sockets,
// database-announced endings"): while the page is visible the socket tries again after 0.25, 0.5,
// then every 1 s, so it is back within about a second of the server answering; a hidden page backs
// off to 8 s (nobody is watching, and a school's closed laptops should not hammer a restarting
// server). Each wait gets up to a quarter more at random, so clients cut off together do not all
// come back in the same instant.
const FIRST_MS = 250
const VISIBLE_MAX_MS = 1_000
const HIDDEN_FIRST_MS = 500
const HIDDEN_MAX_MS = 8_000
/** After the server's "restarting" close (1012): at once, spread over this much. */
export const RESTART_SPREAD_MS = 500

/** The wait before reconnect attempt `attempt` (0 for the first attempt after a drop). */
export function reconnectDelay(
  attempt: number,
  visible: boolean,
  random: () => number = Math.random,
): number {
  const n = Math.max(0, attempt)
  const base = visible
    ? Math.min(VISIBLE_MAX_MS, FIRST_MS * 2 ** n)
    : Math.min(HIDDEN_MAX_MS, HIDDEN_FIRST_MS * 2 ** n)
  return Math.round(base * (1 + random() / 4))
}
