import { describe, expect, it } from 'vitest'
import { intervalProblems } from '../../domain/schedule/availability.ts'
import { DEMO_TEACHERS } from './demo-teachers.ts'
import { DEMO_WEEKLY } from './demo-timetables.ts'

describe('demo weekly schedules', () => {
  it('cover every verified demo teacher with intervals that pass the schedule rules', () => {
    const verified = DEMO_TEACHERS.filter((t) => t.status === 'active').map((t) => t.email)
    expect(Object.keys(DEMO_WEEKLY).sort()).toEqual(verified.sort())
    for (const weekly of Object.values(DEMO_WEEKLY)) {
      for (const intervals of Object.values(weekly))
        expect(intervalProblems(intervals).filter(Boolean)).toEqual([])
    }
  })
})
