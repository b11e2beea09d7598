import { describe, expect, it } from 'vitest'
import { readAuditUrl, toApiFilters, writeAuditUrl } from './audit-url.ts'
import { changeRows, showValue } from './audit-values.ts'

describe('the audit log’s before and after', () => {
  it('lists the changed fields first, each with its value before and after', () => {
    expect(
      changeRows(
        { ban_duration: 7, cancellation_earliness: 24 },
        { ban_duration: 8, cancellation_earliness: 24 },
      ),
    ).toEqual([
      { key: 'ban_duration', before: '7', after: '8', changed: true },
      { key: 'cancellation_earliness', before: '24', after: '24', changed: false },
    ])
  })

  it('reads a creation (nothing before) and plain values', () => {
    expect(changeRows(null, { enabled: true })).toEqual([
      { key: 'enabled', before: '—', after: 'true', changed: true },
    ])
    expect(changeRows('a', 'b')).toEqual([{ key: '', before: 'a', after: 'b', changed: true }])
    expect(changeRows(null, null)).toEqual([])
    expect(showValue({ a: [1] })).toBe('{"a":[1]}')
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
