import type { SignedIn } from './sessions.ts'

// Every authenticated request looks its bearer token up, and on this machine each database round
// trip costs more than the rest of a typical request (bench/README.md). A short-lived cache of
// token → user (and session id) per server process removes that round trip for a user's burst of requests.
//
// A user's committed change (a profile change, a ban, a sign-out, a password change), whether
// this process wrote it or another one did (a second server, an operator command), reaches the
// cache on the change road (platform/change-road.ts; docs/decisions.md "Cross-process
// invalidation") and evicts the user at once. `ttlMs` bounds what a lost notification could cost.
//
// A lookup that read the user before a write committed must not store that old row after the
// write's eviction: it would answer for the user, stale, for the whole `ttlMs` (a profile saved in
// English came back in Polish after a reload: the reload's request met the row a request made
// beside the save had read). So a lookup takes a `stamp()` before its read, and `set` stores only
// when nothing was evicted since.

type Entry = { signedIn: SignedIn; until: number }

export type SessionCache = {
  get(tokenHash: string, now: Date): SignedIn | undefined
  /** Taken before reading a session from the database; `set` compares it. */
  stamp(): number
  /** Stores what was read, unless anything was evicted since `stamp` was taken. */
  set(tokenHash: string, signedIn: SignedIn, sessionExpiresAt: Date, now: Date, stamp: number): void
  forgetUser(userId: string): void
  /** Forgets everything (the change feed was cut off: any user may have changed). */
  clear(): void
}

export function createSessionCache(ttlMs: number, maxEntries = 20_000): SessionCache {
  const entries = new Map<string, Entry>()
  /** Counts evictions: a read stamped before one may hold what it evicted. */
  let evictions = 0
  const cache: SessionCache = {
    get(tokenHash, now) {
      const entry = entries.get(tokenHash)
      if (!entry) return undefined
      if (entry.until > now.getTime()) return entry.signedIn
      entries.delete(tokenHash)
      return undefined
    },
    stamp() {
      return evictions
    },
    set(tokenHash, signedIn, sessionExpiresAt, now, stamp) {
      if (ttlMs <= 0 || stamp !== evictions) return
      // Map order is insertion order: the first key is the oldest entry.
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next()
        if (!oldest.done) entries.delete(oldest.value)
      }
      const until = Math.min(now.getTime() + ttlMs, sessionExpiresAt.getTime())
      entries.set(tokenHash, { signedIn, until })
    },
    forgetUser(userId) {
      evictions++
      for (const [hash, entry] of entries) if (entry.signedIn.user.id === userId) entries.delete(hash)
    },
    clear() {
      evictions++
      entries.clear()
    },
  }
  return cache
}
