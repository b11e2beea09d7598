import { describe, expect, it } from 'vitest'
import { createSessionCache } from './session-cache.ts'
import type { SignedIn } from './sessions.ts'

// A lookup that read the user before a write committed must not put that old row back after the
// write evicted it: it would answer for the user, stale, until it expires (a teacher's profile saved
// in English came back in Polish after a reload, in the journeys under load).

const NOW = new Date('2026-11-24T08:00:00Z')
const LATER = new Date('2026-11-25T08:00:00Z')
const signedIn = (locale: string) => ({ sessionId: 's', user: { id: 'u', locale } }) as unknown as SignedIn

describe('the session cache', () => {
  it('keeps what a lookup read when nothing was evicted meanwhile', () => {
    const cache = createSessionCache(60_000)
    const stamp = cache.stamp()
    cache.set('token', signedIn('pl'), LATER, NOW, stamp)
    expect(cache.get('token', NOW)?.user).toMatchObject({ locale: 'pl' })
  })

  it('drops what a lookup read before an eviction, whichever user or token it named', () => {
    const cache = createSessionCache(60_000)
    for (const evict of [
      () => cache.forgetUser('u'),
      () => cache.forgetUser('another'),
      () => cache.clear(),
    ]) {
      const stamp = cache.stamp()
      // The lookup reads the row with the old language; the save commits and evicts.
      evict()
      cache.set('token', signedIn('pl'), LATER, NOW, stamp)
      expect(cache.get('token', NOW)).toBeUndefined()
    }
    // The next lookup, stamped after the save, is stored.
    cache.set('token', signedIn('en'), LATER, NOW, cache.stamp())
    expect(cache.get('token', NOW)?.user).toMatchObject({ locale: 'en' })
  })
})
