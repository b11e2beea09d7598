import { describe, expect, it } from 'vitest'
import { roomRedirect } from './room-routing.ts'

const one = { is_group: false, is_learncube: false }
const search = '?lesson_id=7f9c'

describe('roomRedirect', () => {
  it('lets a teacher in, and a student with a voice sample', () => {
    expect(roomRedirect(one, 'teacher', false, search)).toBeNull()
    expect(roomRedirect(one, 'student', true, search)).toBeNull()
  })

  it('sends a student without a voice sample to voice-confirmation with the same query', () => {
    expect(roomRedirect(one, 'student', false, search)).toBe(`/dashboard/voice-confirmation${search}`)
  })

  it('sends a group lesson to my-lessons and a cube lesson to its own room', () => {
    expect(roomRedirect({ ...one, is_group: true }, 'teacher', true, search)).toBe('/dashboard/my-lessons')
    expect(roomRedirect({ ...one, is_learncube: true }, 'student', false, search)).toBe(
      `/dashboard/video-call-learn-cube${search}`,
    )
  })
})
