import { describe, expect, it } from 'vitest'
import { lessonFixture, lessonId } from '../../test-support/lesson-fixture.ts'
import { writtenTexts } from './lesson-texts.ts'

describe('the written texts of a group meeting', () => {
  const meeting = lessonFixture({
    is_group: true,
    note: 'Jednego ucznia',
    teacher_memos: 'Prezentacja firmy',
    group: { class_id: lessonId(7), title: 'Niemiecki w pracy B1', absent_at: null },
  })

  it('show its teacher the group’s notes only, never one student’s note', () => {
    expect(writtenTexts(meeting, 'teacher').map((text) => [text.kind, text.label.id, text.text])).toEqual([
      ['teacher_memos', expect.any(String), 'Prezentacja firmy'],
    ])
    expect(writtenTexts(meeting, 'teacher')[0]?.label.message).toBe('Twoje notatki dla grupy')
  })

  it('show a student the teacher’s notes as any lesson’s', () => {
    expect(writtenTexts(meeting, 'student').map((text) => text.label.message)).toEqual([
      'Twoja wiadomość dla lektora',
      'Notatki od lektora',
    ])
  })
})
