// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { activateLocale } from '../../config/i18n.ts'
import { adminLessonDetail } from '../../test-support/admin-lesson-fixture.ts'
import { renderScreen } from '../../test-utils.tsx'
import { SmsSection } from './lesson-sms-section.tsx'

// The console's lesson names each SMS: what, to whom, its state, and why one was not sent.

const sms = {
  id: '55555555-5555-4555-8555-555555555555',
  kind: 'lesson_cancelled' as const,
  to_role: 'teacher' as const,
  to_number: '+48601234567',
  body: 'Lektorium: lekcja angielskiego 08.12 o 13:20 zostala odwolana przez kursanta.',
  state: 'delivered' as const,
  reason: null,
  created_at: '2026-12-08T09:20:00.000Z',
  state_at: '2026-12-08T09:21:00.000Z',
}

describe("the console's SMS of a lesson", () => {
  beforeEach(() => activateLocale('pl'))
  afterEach(cleanup)

  it('lists each SMS with its recipient and state, and why one was held back', () => {
    const lesson = adminLessonDetail({
      sms: [
        sms,
        {
          ...sms,
          id: '66666666-6666-4666-8666-666666666666',
          kind: 'lesson_reminder',
          to_role: 'student',
          state: 'skipped',
          reason: 'quiet_hours',
        },
      ],
    })
    renderScreen('/', '/', <SmsSection lesson={lesson} />)
    expect(screen.getByText('Doręczony')).toBeTruthy()
    expect(screen.getByText('do: lektor, +48 601 234 567, 08.12.2026 10:20')).toBeTruthy()
    expect(screen.getByText('Niewysłany')).toBeTruthy()
    expect(screen.getByText('(cisza nocna)')).toBeTruthy()
    expect(screen.getAllByText(sms.body)).toHaveLength(2)
  })

  it('says when no SMS was sent', () => {
    renderScreen('/', '/', <SmsSection lesson={adminLessonDetail()} />)
    expect(screen.getByText('Nie wysłano SMS-ów o tej lekcji.')).toBeTruthy()
  })
})
