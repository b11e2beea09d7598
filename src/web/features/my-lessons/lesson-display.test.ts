import { describe, expect, it } from 'vitest'
import { finishedLessonFixture, lessonFixture, lessonId } from '../../test-support/lesson-fixture.ts'
import { lessonActions, lessonDay, lessonTimes, otherParty, videoCallPath } from './lesson-display.ts'

const lesson = lessonFixture() // Wednesday 25.11.2026, 08:00–08:45 Poland time
const at = (iso: string) => Date.parse(iso)

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

  it('routes Join as spec §2 says', () => {
    const query = `?lesson_id=${lesson.id}`
    expect(videoCallPath(lesson, 'teacher', false)).toBe(`/dashboard/video-call-vonage${query}`)
    expect(videoCallPath(lesson, 'student', true)).toBe(`/dashboard/video-call-vonage${query}`)
    expect(videoCallPath(lesson, 'student', false)).toBe(`/dashboard/voice-confirmation${query}`)
    expect(videoCallPath({ ...lesson, is_learncube: true }, 'student', false)).toBe(
      `/dashboard/video-call-learn-cube${query}`,
    )
  })

  it('offers only the allowed actions', () => {
    const before = at('2026-11-24T08:00:00Z')
    expect(lessonActions(lesson, 'student', before)).toEqual(['cancel', 'note', 'memos'])
    expect(lessonActions(lesson, 'teacher', before)).toEqual(['cancel', 'memos', 'materials'])
    expect(lessonActions(lesson, 'student', at('2026-11-25T06:50:00Z'))).toEqual([
      'cancel',
      'note',
      'memos',
      'absence',
    ])
    const finished = finishedLessonFixture()
    expect(lessonActions(finished, 'student', before)).toEqual(['rate', 'note', 'memos', 'absence'])
    const cancelled = lessonFixture({ status: 'cancelled', cancelled_at: '2026-11-20T08:00:00Z' })
    expect(lessonActions(cancelled, 'teacher', before)).toEqual([])
  })

  it('offers the recordings to both parties once the lesson has a recording or a voice clip', () => {
    const before = at('2026-11-24T08:00:00Z')
    const recorded = finishedLessonFixture({
      recordings: [
        { id: lessonId(9), status: 'ready', duration_ms: 20_000, kept_until: '2027-02-18T07:00:00.000Z' },
      ],
    })
    expect(lessonActions(recorded, 'student', before)).toContain('recordings')
    expect(lessonActions(recorded, 'teacher', before)).toContain('recordings')
    const clip = {
      id: lessonId(8),
      url: '/api/v1/files/x.webm',
      size: 100,
      created_at: '2026-11-20T07:10:00.000Z',
    }
    expect(lessonActions(finishedLessonFixture({ voice_recordings: [clip] }), 'teacher', before)).toContain(
      'recordings',
    )
    expect(lessonActions(finishedLessonFixture(), 'student', before)).not.toContain('recordings')
  })
})
