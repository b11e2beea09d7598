import { describe, expect, it } from 'vitest'
import { accountAccess } from './account-access.ts'

// Tuesday 10 March 2026, 00:30 Poland time (23:30 UTC the day before): the Poland date decides.
const NOW = new Date('2026-03-09T23:30:00Z')

describe('account access by active_until', () => {
  it('is expired only once the Poland date is past active_until (the day itself still counts)', () => {
    expect(accountAccess('2026-03-09', NOW)).toEqual({ kind: 'expired', activeUntil: '2026-03-09' })
    expect(accountAccess('2026-03-10', NOW)).toEqual({ kind: 'ending', activeUntil: '2026-03-10' })
  })

  it('is ending while active_until cuts the two weeks of the schedule range short, open otherwise', () => {
    expect(accountAccess('2026-03-21', NOW).kind).toBe('ending')
    // The range ends on Sunday 22 March: an account active until then loses nothing.
    expect(accountAccess('2026-03-22', NOW).kind).toBe('open')
    expect(accountAccess(null, NOW).kind).toBe('open')
  })
})
