// protocol §2 "Limits": what one socket, and one user's sockets together on a
// process, may send into a room. Token buckets: a burst is allowed, then a steady rate. A frame
// over a limit is dropped — the other party never receives a flood — and a socket that keeps
// sending past its limits (its own bucket of drops runs dry) is closed with 4429.
//
// A call's negotiation sends an offer or answer of 5–20 KB and a few dozen candidates at once; a
// renegotiation (a screen share, a reconnect) the same again. The values leave room for several of
// those in a row and stop a script at once.

type Rate = { burst: number; perSecond: number }

export const ROOM_LIMITS = {
  /** Frames (signals, media states, pings) of one socket. */
  socketFrames: { burst: 200, perSecond: 50 },
  /** Bytes of those frames. */
  socketBytes: { burst: 1024 * 1024, perSecond: 256 * 1024 },
  /** Frames of one user's sockets together on one process (several rooms at once). */
  userFrames: { burst: 300, perSecond: 75 },
  /** Frames dropped before the socket is closed with 4429. */
  drops: { burst: 100, perSecond: 10 },
} as const satisfies Record<string, Rate>

type Bucket = {
  /** Takes `amount`; false (and takes nothing) when there is not that much left. */
  take(amount: number, nowMs: number): boolean
}

function createBucket(rate: Rate, nowMs: number): Bucket {
  let tokens: number = rate.burst
  let at = nowMs
  return {
    take(amount, now) {
      tokens = Math.min(rate.burst, tokens + ((now - at) / 1000) * rate.perSecond)
      at = now
      if (tokens < amount) return false
      tokens -= amount
      return true
    },
  }
}

/** One socket's allowance, sharing its user's. */
export type SocketAllowance = {
  /** Whether a frame of `bytes` may be relayed; `closeNow` once the socket is past its ceiling. */
  admit(bytes: number, nowMs: number): { relay: boolean; closeNow: boolean }
}

export function createAllowances() {
  const users = new Map<string, { bucket: Bucket; sockets: number }>()
  return {
    /** The allowance of a new socket of `userId`; `release` when the socket is gone. */
    open(userId: string, nowMs: number): { allowance: SocketAllowance; release: () => void } {
      const user = users.get(userId) ?? { bucket: createBucket(ROOM_LIMITS.userFrames, nowMs), sockets: 0 }
      user.sockets++
      users.set(userId, user)
      const frames = createBucket(ROOM_LIMITS.socketFrames, nowMs)
      const bytes = createBucket(ROOM_LIMITS.socketBytes, nowMs)
      const drops = createBucket(ROOM_LIMITS.drops, nowMs)
      let released = false
      return {
        allowance: {
          admit(size, now) {
            // A frame dropped by a later bucket has used up the earlier ones: a flood pays for itself.
            const relay = frames.take(1, now) && bytes.take(size, now) && user.bucket.take(1, now)
            return { relay, closeNow: !relay && !drops.take(1, now) }
          },
        },
        release() {
          if (released) return
          released = true
          if (--user.sockets === 0) users.delete(userId)
        },
      }
    },
  }
}
