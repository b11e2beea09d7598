import { describe, expect, it } from 'vitest'
import { roomRedirect } from './room-routing.ts'

const one = { is_group: false, is_learncube: false, group: null }
const meeting = { class_id: '5d3c1a0e-0000-4000-8000-000000000001', title: 'Niemiecki B1', absent_at: null }
const search = '?lesson_id=7f9c'

describe('roomRedirect', () => {
  it('lets a teacher in, and a student with a voice sample', () => {
    expect(roomRedirect(one, 'teacher', false, search)).toBeNull()
    expect(roomRedirect(one, 'student', true, search)).toBeNull()
  })

  it('sends a student without a voice sample to voice-confirmation with the same query', () => {
    expect(roomRedirect(one, 'student', false, search)).toBe(`/dashboard/voice-confirmation${search}`)
  })

  it("lets a group class's meeting into the group room, with the ordinary room's voice check", () => {
    const place = { ...one, is_group: true, group: meeting }
    expect(roomRedirect(place, 'teacher', false, search)).toBeNull()
    expect(roomRedirect(place, 'student', true, search)).toBeNull()
    expect(roomRedirect(place, 'student', false, search)).toBe(`/dashboard/voice-confirmation${search}`)
  })

  it('sends a group lesson outside any class to my-lessons and a cube lesson to its own room', () => {
    expect(roomRedirect({ ...one, is_group: true }, 'teacher', true, search)).toBe('/dashboard/my-lessons')
    expect(roomRedirect({ ...one, is_learncube: true }, 'student', false, search)).toBe(
      `/dashboard/video-call-learn-cube${search}`,
    )
  })

  it('keeps a cube lesson in the ordinary room when the query asks for it (the fallback)', () => {
    const cube = { ...one, is_learncube: true }
    const builtin = `${search}&room=builtin`
    expect(roomRedirect(cube, 'teacher', false, builtin)).toBeNull()
    expect(roomRedirect(cube, 'student', true, builtin)).toBeNull()
    // The ordinary room's voice check still applies, and the query goes along.
    expect(roomRedirect(cube, 'student', false, builtin)).toBe(`/dashboard/voice-confirmation${builtin}`)
    expect(roomRedirect({ ...cube, is_group: true }, 'student', true, builtin)).toBe('/dashboard/my-lessons')
  })

  it('sends a cube lesson on for any other room value', () => {
    const other = `${search}&room=vonage`
    expect(roomRedirect({ ...one, is_learncube: true }, 'teacher', true, other)).toBe(
      `/dashboard/video-call-learn-cube${other}`,
    )
  })
})
