import { describe, expect, it } from 'vitest'
import type { LessonCreate } from '../../../domain/api/lessons.ts'
import { ApiError } from '../../api/api-error.ts'
import { attemptFor, mayRetrySameKey } from './booking-attempt.ts'

const body: LessonCreate = {
  teacher_id: '6f1c2d3e-4b5a-4c6d-8e7f-901234567890',
  language_id: 1,
  level_id: 3,
  time_slot_ids: ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'],
}

describe('booking attempts and their Idempotency-Key', () => {
  it('keeps the key when the same booking is confirmed again', () => {
    const keys = ['key-00000001', 'key-00000002']
    const newKey = () => keys.shift() ?? 'key-exhausted'
    const first = attemptFor(null, body, newKey)
    const again = attemptFor(first, { ...body, time_slot_ids: [...body.time_slot_ids].reverse() }, newKey)
    expect(again.key).toBe(first.key)
  })

  it('uses a new key for a different booking', () => {
    const first = attemptFor(null, body)
    expect(attemptFor(first, { ...body, level_id: 2 }).key).not.toBe(first.key)
    expect(
      attemptFor(first, { ...body, time_slot_ids: ['00000000-0000-4000-8000-000000000001'] }).key,
    ).not.toBe(first.key)
  })

  it('reuses the key only when the outcome is unknown', () => {
    expect(mayRetrySameKey(new ApiError({ kind: 'network', message: 'lost' }))).toBe(true)
    expect(mayRetrySameKey(new ApiError({ kind: 'http', status: 503, message: 'down' }))).toBe(true)
    expect(
      mayRetrySameKey(new ApiError({ kind: 'http', status: 409, code: 'slot_taken', message: 'taken' })),
    ).toBe(false)
  })
})
