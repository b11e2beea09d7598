// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AdminAttendanceDto } from '../../../domain/api/admin-lessons.ts'
import { activateLocale } from '../../config/i18n.ts'
import { renderScreen } from '../../test-utils.tsx'
import { AttendanceList } from './attendance-list.tsx'

// Who was in the room, as the console shows it beside an absence claim: one rule for both parties.

const teacher = { id: 'a1', name: 'Anna Nowak', email: 'anna@x.pl' }
const student = { id: 'b2', name: 'Piotr Wiśniewski', email: 'piotr@x.pl' }
const stay = (role: AdminAttendanceDto['role'], from: string, to: string): AdminAttendanceDto => ({
  user_id: role === 'teacher' ? teacher.id : student.id,
  role,
  from,
  to,
})

describe('the console’s attendance list', () => {
  afterEach(cleanup)

  it('gives the same minutes to both parties whose stays show the same times', async () => {
    await activateLocale('pl')
    renderScreen(
      '/admin',
      '/admin',
      <AttendanceList
        // Both read "11:00–11:45" in Poland time; the seconds behind them differ.
        attendance={[
          stay('teacher', '2026-11-24T10:00:50.000Z', '2026-11-24T10:45:10.000Z'),
          stay('student', '2026-11-24T10:00:10.000Z', '2026-11-24T10:45:50.000Z'),
        ]}
        teacher={teacher}
        student={student}
        startsAt="2026-11-24T10:00:00.000Z"
      />,
    )
    const list = await screen.findByRole('list', { name: 'Obecność w pokoju lekcji' })
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(items).toEqual([
      'Lektor Anna Nowak: 11:00–11:45 (45 min)',
      'Kursant Piotr Wiśniewski: 11:00–11:45 (45 min)',
    ])
  })
})
