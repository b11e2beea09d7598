import { describe, expect, it } from 'vitest'
import type { Language, Level } from '../../../domain/api/dictionaries.ts'
import { finishedLessonFixture, lessonFixture, lessonId } from '../../test-support/lesson-fixture.ts'
import { bookingPreset, languageOptions, levelOptions, presetValue } from './confirm-options.ts'

const languages: Language[] = [
  { id: 1, name: 'English', name_pl: 'angielski', conjugated_name: 'angielskiego' },
  { id: 2, name: 'German', name_pl: 'niemiecki', conjugated_name: 'niemieckiego' },
  { id: 3, name: 'Spanish', name_pl: 'hiszpański', conjugated_name: 'hiszpańskiego' },
]
const levels: Level[] = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'].map((name, index) => ({ id: 10 + index, name }))
const taught = [
  { language_id: 2, level_id: 13 },
  { language_id: 1, level_id: 15 },
]

describe('ScheduleConfirmLessons options', () => {
  it('offers only the languages the teacher teaches', () => {
    expect(languageOptions(taught, languages, 'pl')).toEqual([
      { value: '2', label: 'Niemiecki' },
      { value: '1', label: 'Angielski' },
    ])
  })

  it("offers the levels at or below the teacher's level for the chosen language", () => {
    expect(levelOptions(taught, 2, levels).map((o) => o.label)).toEqual(['A1', 'A2', 'B1', 'B2'])
    expect(levelOptions(taught, 1, levels).map((o) => o.label)).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2'])
  })

  it('offers no level before a language is chosen or for a language the teacher does not teach', () => {
    expect(levelOptions(taught, null, levels)).toEqual([])
    expect(levelOptions(taught, 3, levels)).toEqual([])
  })

  it('presets the wanted value when offered, else the only option', () => {
    const options = languageOptions(taught, languages, 'en')
    expect(presetValue(options, 1)).toBe('1')
    expect(presetValue(options, 3)).toBeNull()
    expect(presetValue(options.slice(0, 1), null)).toBe('2')
  })
})

describe('what the booking dialog starts with', () => {
  const teacher = {
    id: 'a0000000-0000-4000-8000-000000000001',
    first_name: 'Anna',
    last_name: 'Nowak',
    image_url: null,
  }
  const other = { ...teacher, id: 'b0000000-0000-4000-8000-000000000002' }
  const german = { id: 2, name: 'German', name_pl: 'niemiecki' }
  const lessons = [
    finishedLessonFixture({ teacher, language: german, level: { id: 12, name: 'B1' } }),
    // Later, but with another teacher, or cancelled: neither counts.
    lessonFixture({ id: lessonId(2), teacher: other, level: { id: 15, name: 'C2' } }),
    lessonFixture({ id: lessonId(3), teacher, canceled: true, level: { id: 10, name: 'A1' } }),
  ]

  it("takes the student's latest lesson with this teacher when the search set nothing", () => {
    expect(bookingPreset({ language: null, level: null, profileLanguage: 1 }, teacher.id, lessons)).toEqual({
      language: 2,
      level: 12,
    })
  })

  it('keeps what the search set, and a level only for the language of that lesson', () => {
    expect(bookingPreset({ language: 2, level: 11 }, teacher.id, lessons)).toEqual({ language: 2, level: 11 })
    expect(bookingPreset({ language: 1, level: null }, teacher.id, lessons)).toEqual({
      language: 1,
      level: null,
    })
  })

  it("falls back to the profile's first learned language, with no level, for a new teacher", () => {
    expect(bookingPreset({ language: null, level: null, profileLanguage: 1 }, other.id, [])).toEqual({
      language: 1,
      level: null,
    })
  })
})
