import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { waitlistSummary, weekdayName } from './waitlist-texts.ts'

describe('how a wait reads', () => {
  it('names ISO weekdays in the locale, Monday first', () => {
    expect(weekdayName('en', 1)).toBe('Mon')
    expect(weekdayName('en', 7, 'long')).toBe('Sunday')
    expect(weekdayName('pl', 3, 'long')).toBe('środa')
  })

  it('says any day and any time when nothing narrows the wait', () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
    expect(waitlistSummary(i18n, { weekdays: [2, 4], from: '16:00', to: '20:00' })).toBe(
      'Tue, Thu · 16:00–20:00',
    )
    expect(waitlistSummary(i18n, { weekdays: [], from: null, to: null })).toMatch(/ · /)
  })
})
