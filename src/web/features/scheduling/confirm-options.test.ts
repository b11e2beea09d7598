import { describe, expect, it } from 'vitest'
import type { Language, Level } from '../../../domain/api/dictionaries.ts'
import { languageOptions, levelOptions, presetValue } from './confirm-options.ts'

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
