import { beforeEach, describe, expect, it } from 'vitest'
import type { Timetable } from '../../domain/api/timetables.ts'
import { timetablesTable } from './lektorium-db.ts'
import { clearTimetableMirror, loadTimetable, MIRROR_MAX_ROWS, saveTimetable } from './timetable-mirror.ts'

const USER = '0b9d7d3e-8a3c-4f5e-9a51-6c1f0f3f2a11'
const TEACHER = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890'
const address = { userId: USER, teacherId: TEACHER, weekStart: '2026-11-23' }

const timetable: Timetable = {
  timetable: [
    {
      date: '2026-11-23',
      slots: [
        {
          id: '11111111-2222-4333-8444-555555555555',
          time: '08:00',
          available: true,
          scheduled: false,
          missed: false,
        },
      ],
      has_own_lesson: false,
    },
  ],
  scheduled_lessons_count: 1,
  lesson_earliness_condition: 12,
  scheduled_lessons_limit_per_student: 2,
  not_accepting_new_students: false,
}

describe('the timetable mirror', () => {
  beforeEach(async () => {
    await clearTimetableMirror()
  })

  it('gives back the last saved timetable of a teacher and week with the time it was saved', async () => {
    await saveTimetable(address, timetable, 1_000)
    const newer = { ...timetable, scheduled_lessons_count: 2 }
    await saveTimetable(address, newer, 2_000)
    expect(await loadTimetable(address)).toEqual({ timetable: newer, savedAt: 2_000 })
  })

  it('keeps weeks, teachers and users apart', async () => {
    await saveTimetable(address, timetable, 1_000)
    expect(await loadTimetable({ ...address, weekStart: '2026-11-30' })).toBeNull()
    expect(await loadTimetable({ ...address, teacherId: USER })).toBeNull()
    expect(await loadTimetable({ ...address, userId: TEACHER })).toBeNull()
  })

  it('drops and deletes a row that no longer matches the contract', async () => {
    await timetablesTable().put({
      key: `${USER}|${TEACHER}|2026-11-23`,
      ...address,
      savedAt: 1_000,
      timetable: { timetable: 'corrupt' },
    })
    expect(await loadTimetable(address)).toBeNull()
    expect(await timetablesTable().count()).toBe(0)
  })

  it('keeps only the most recently saved timetables', async () => {
    for (let week = 0; week < MIRROR_MAX_ROWS + 3; week += 1) {
      await saveTimetable(
        { ...address, weekStart: `2026-01-${String(week + 1).padStart(2, '0')}` },
        timetable,
        week,
      )
    }
    expect(await timetablesTable().count()).toBe(MIRROR_MAX_ROWS)
    expect(await loadTimetable({ ...address, weekStart: '2026-01-01' })).toBeNull()
    expect(await loadTimetable({ ...address, weekStart: '2026-01-15' })).not.toBeNull()
  })

  it('is empty after logout clears it', async () => {
    await saveTimetable(address, timetable)
    await clearTimetableMirror()
    expect(await loadTimetable(address)).toBeNull()
  })
})
