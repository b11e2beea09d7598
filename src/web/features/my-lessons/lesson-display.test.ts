import { describe, expect, it } from 'vitest'
import { lessonFixture } from '../../test-support/lesson-fixture.ts'
import { lessonDay, lessonTimes, otherParty, videoCallPath } from './lesson-display.ts'

const lesson = lessonFixture() // Wednesday 25.11.2026, 08:00–08:45 Poland time

describe('how a lesson is shown on my-lessons', () => {
  it('gives the Poland day and time, and the device time only when it differs', () => {
    expect(lessonDay(lessonFixture({ scheduled_at: '2026-11-24T23:30:00.000Z' }))).toBe('2026-11-25')
    expect(lessonTimes(lesson, 'Europe/Warsaw')).toEqual({ poland: '08:00–08:45', device: null })
    expect(lessonTimes(lesson, 'America/New_York')).toEqual({ poland: '08:00–08:45', device: '02:00–02:45' })
  })

  it('names the teacher with picture for a student, the student for a teacher', () => {
    const withPicture = lessonFixture({
      teacher: { ...lesson.teacher, image_url: '/files/anna.jpg' },
    })
    expect(otherParty(withPicture, 'student')).toEqual({ name: 'Anna Nowak', imageUrl: '/files/anna.jpg' })
    expect(otherParty(withPicture, 'teacher').imageUrl).toBeNull()
  })

  it('routes Join by the video call routing', () => {
    const query = `?lesson_id=${lesson.id}`
    expect(videoCallPath(lesson, 'teacher', false)).toBe(`/dashboard/video-call-vonage${query}`)
    expect(videoCallPath(lesson, 'student', true)).toBe(`/dashboard/video-call-vonage${query}`)
    expect(videoCallPath(lesson, 'student', false)).toBe(`/dashboard/voice-confirmation${query}`)
    expect(videoCallPath({ ...lesson, is_learncube: true }, 'student', false)).toBe(
      `/dashboard/video-call-learn-cube${query}`,
    )
  })
})
