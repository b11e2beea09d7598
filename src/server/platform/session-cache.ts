import type { SignedIn } from './sessions.ts'

// Every authenticated request looks its bearer token up, and on this machine each database round
// trip costs more than the rest of a typical request (bench/README.md). A short-lived cache of
// token → user (and session id) per server process removes that round trip for a user's burst of requests.
//
// Writes made through this process evict the user or token at once (profile changes, bans,
// sign-out, password changes); one committed by another process (a second server, an operator
// command) arrives through the database's change feed (db/change-feed.ts) and evicts the same
// way (docs/decisions.md "Cross-process invalidation"). `ttlMs` bounds what a lost notification
// could cost.
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
  forgetToken(tokenHash: string): void
  /** Forgets everything (the change feed was cut off: any user may have changed). */
  clear(): void
}

/** Every live cache of this process: repository writes evict from all of them. */
const live = new Set<SessionCache>()

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
    forgetToken(tokenHash) {
      evictions++
      entries.delete(tokenHash)
    },
    clear() {
      evictions++
      entries.clear()
    },
  }
  return cache
}

export function registerSessionCache(cache: SessionCache): () => void {
  live.add(cache)
  return () => live.delete(cache)
}

/** The user's row changed (or their sessions were revoked): no cache may answer for them. */
export function forgetCachedUser(userId: string): void {
  for (const cache of live) cache.forgetUser(userId)
}

export function forgetCachedToken(tokenHash: string): void {
  for (const cache of live) cache.forgetToken(tokenHash)
}
