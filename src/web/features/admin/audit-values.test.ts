// @vitest-environment happy-dom
import { i18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { readAuditUrl, toApiFilters, writeAuditUrl } from './audit-url.ts'
import { changeRows } from './audit-values.ts'

// The log showed raw keys and values (true, "active", "2026-11-29T22:15:00.000Z"): each field now
// has its label and each value reads as the screens say it.

const table = (before: unknown, after: unknown) =>
  changeRows(before, after, i18n).map((r) => [r.label, r.before, r.after])

describe('the audit log’s before and after', () => {
  it('labels each field and says values as the screens do, changed fields first (pl)', async () => {
    await activateLocale('pl')
    expect(
      table({ ban_duration: 7, cancellation_earliness: 24 }, { ban_duration: 8, cancellation_earliness: 24 }),
    ).toEqual([
      ['Czas blokady konta', '7 dni', '8 dni'],
      ['Odwołanie bez konsekwencji', '24 godz.', '24 godz.'],
    ])
    expect(
      table(
        { status: 'pending_verification', verified_at: null },
        // 29 Nov 2026, 22:15 UTC is 23:15 in Poland (winter time).
        { status: 'active', verified_at: '2026-11-29T22:15:00.000Z' },
      ),
    ).toEqual([
      ['Stan', 'czeka na weryfikację', 'konto aktywne'],
      ['Zweryfikowano', '—', '29.11.2026 23:15'],
    ])
    expect(
      table(null, { human_access: true, ai_access: false, active_until: '2027-06-30', locale: 'en' }),
    ).toEqual([
      ['Lekcje z lektorem', '—', 'tak'],
      ['Lekcje z AI', '—', 'nie'],
      ['Dostęp do', 'bez końca', '30.06.2027'],
      ['Język konta', '—', 'angielski'],
    ])
  })

  it('reads a nested state as its fields, and a penalty by its reason (en)', async () => {
    await activateLocale('en')
    expect(
      table(
        { status: 'open', absentee: { penalty: null } },
        {
          status: 'accepted',
          consequence: 'penalty',
          absentee: { penalty: { id: 'p1', reason: 'absence' } },
        },
      ),
    ).toEqual([
      ['State', 'awaiting a decision', 'accepted'],
      ['Absent person · Penalty', 'none', 'penalty for absence'],
      ['Consequence', '—', 'penalty'],
    ])
    expect(table(null, null)).toEqual([])
    expect(table('a', 'b')).toEqual([['Value', 'a', 'b']])
    await activateLocale('pl')
  })
})

describe('the audit log’s filters in the URL', () => {
  it('reads them back, dropping what is not a date or a page', () => {
    const read = readAuditUrl(
      new URLSearchParams('action=settings.update&from=2026-02-30&to=2026-03-29&page=x'),
    )
    expect(read).toEqual({
      action: 'settings.update',
      target_type: '',
      target_id: '',
      from: '',
      to: '2026-03-29',
      page: 1,
    })
    expect(writeAuditUrl({ ...read, page: 2 }).toString()).toBe('action=settings.update&to=2026-03-29&page=2')
  })

  it('turns the days into Poland-time instants, the last day included (DST day too)', () => {
    const api = toApiFilters({
      action: '',
      target_type: 'settings',
      target_id: '',
      from: '2026-03-29',
      to: '2026-03-29',
      page: 3,
    })
    // 29 March 2026 is the spring change: midnight is still winter time (UTC+1), the next one summer (UTC+2).
    expect(api).toEqual({
      action: undefined,
      target_type: 'settings',
      target_id: undefined,
      from: '2026-03-28T23:00:00.000Z',
      to: '2026-03-29T22:00:00.000Z',
      page: 3,
    })
  })
})
