// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { paths } from '../../config/paths.ts'
import { studentProfile, teacherProfile } from '../../test-support/profile-fixture.ts'
import { markReminderShown, missingDataReminderDue, REMINDER_MARKER_KEY } from './reminder-marker.ts'

const noBank = teacherProfile({ iban: null })
// 2026-07-10 21:30 UTC is 23:30 in Poland (CEST); 22:30 UTC is already 11 July there.
const evening = Date.UTC(2026, 6, 10, 21, 30)
const afterMidnightInPoland = Date.UTC(2026, 6, 10, 22, 30)

const due = (now: number, profile = noBank, pathname: string = paths.myLessons) =>
  missingDataReminderDue({ profile, pathname, storage: localStorage, now })

describe('MissingDataReminder once per day', () => {
  beforeEach(() => localStorage.clear())

  it('is due on my-lessons for a teacher with unfilled bank data', () => {
    expect(due(evening)).toBe(true)
    expect(due(evening, noBank, `${paths.myLessons}/`)).toBe(true)
  })

  it('is not due elsewhere, for a teacher with bank data, or for a student', () => {
    expect(due(evening, noBank, paths.profile)).toBe(false)
    expect(due(evening, teacherProfile())).toBe(false)
    expect(due(evening, studentProfile({ iban: null }))).toBe(false)
  })

  it('shows once per Poland calendar day, with the date in local storage', () => {
    markReminderShown(localStorage, noBank.id, evening)
    expect(localStorage.getItem(REMINDER_MARKER_KEY)).toBe(`2026-07-10|${noBank.id}`)
    expect(due(evening + 20 * 60_000)).toBe(false)
    expect(due(afterMidnightInPoland)).toBe(true)
  })

  it('is due for another teacher on the same device', () => {
    markReminderShown(localStorage, 'someone-else', evening)
    expect(due(evening)).toBe(true)
  })

  it('still works without storage (shown, never marked)', () => {
    expect(
      missingDataReminderDue({
        profile: noBank,
        pathname: paths.myLessons,
        storage: undefined,
        now: evening,
      }),
    ).toBe(true)
    expect(() => markReminderShown(undefined, noBank.id, evening)).not.toThrow()
  })
})
