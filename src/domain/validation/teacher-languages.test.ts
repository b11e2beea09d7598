import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { decodeIssue, isIssueCode } from './issues.ts'
import {
  MAX_TAUGHT_LANGUAGES,
  rowsToTeacherLanguages,
  specializationsMatchTaught,
  type TeacherLanguageRow,
  teacherLanguageRowIssues,
  teacherLanguagesSchema,
  teacherLanguagesToRows,
  uniqueSpecializations,
} from './teacher-languages.ts'

const valid = {
  taught_languages: [
    { language_id: 1, level_id: 6 },
    { language_id: 5, level_id: 4 },
  ],
  teaching_languages: [2, 1],
  language_specializations: [
    { specialization_id: 3, language_id: 1 },
    { specialization_id: 7, language_id: 1 },
    { specialization_id: 7, language_id: 5 },
  ],
}

function firstIssue(input: unknown) {
  const result = v.safeParse(teacherLanguagesSchema, input)
  if (result.success) return null
  const [issue] = result.issues
  return {
    path: issue?.path?.map((p) => String(p.key)).join('.'),
    ...decodeIssue(issue?.message ?? '', isIssueCode),
  }
}

describe('teacher languages payload', () => {
  it('accepts rows with a level and a specialization each', () => {
    expect(v.parse(teacherLanguagesSchema, valid)).toEqual(valid)
  })

  it('counts a repeated teaching language or specialization once', () => {
    const output = v.parse(teacherLanguagesSchema, {
      ...valid,
      teaching_languages: [2, 2, 1],
      language_specializations: [...valid.language_specializations, { specialization_id: 3, language_id: 1 }],
    })
    expect(output.teaching_languages).toEqual([2, 1])
    expect(output.language_specializations).toEqual(valid.language_specializations)
  })

  it.each([
    [{ taught_languages: [] }, 'taught_languages', 'language_required'],
    [
      {
        taught_languages: [
          { language_id: 1, level_id: 6 },
          { language_id: 1, level_id: 2 },
        ],
      },
      'taught_languages',
      'language_duplicate',
    ],
    [{ teaching_languages: [] }, 'teaching_languages', 'teaching_language_required'],
    [{ taught_languages: [{ language_id: 1 }] }, 'taught_languages.0.level_id', 'invalid'],
    [{ teaching_languages: [0] }, 'teaching_languages.0', 'invalid'],
    [
      { language_specializations: [{ specialization_id: 7, language_id: 1 }] },
      'language_specializations',
      'specialization_required',
    ],
    [
      {
        language_specializations: [
          ...valid.language_specializations,
          { specialization_id: 1, language_id: 9 },
        ],
      },
      'language_specializations',
      'specialization_required',
    ],
  ])('refuses %j', (changes, path, code) => {
    expect(firstIssue({ ...valid, ...changes })).toMatchObject({ path, code })
  })

  it(`allows up to ${MAX_TAUGHT_LANGUAGES} taught languages`, () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ language_id: i + 1, level_id: 1 }))
    const withRows = (n: number) => ({
      taught_languages: rows(n),
      teaching_languages: [1],
      language_specializations: rows(n).map((r) => ({ specialization_id: 1, language_id: r.language_id })),
    })
    expect(firstIssue(withRows(MAX_TAUGHT_LANGUAGES))).toBeNull()
    expect(firstIssue(withRows(MAX_TAUGHT_LANGUAGES + 1))).toMatchObject({ code: 'too_many', param: '30' })
  })

  it('matches specializations to taught languages both ways', () => {
    expect(specializationsMatchTaught(valid)).toBe(true)
    expect(specializationsMatchTaught({ ...valid, language_specializations: [] })).toBe(false)
    expect(
      uniqueSpecializations([
        { specialization_id: 1, language_id: 1 },
        { specialization_id: 1, language_id: 1 },
      ]),
    ).toEqual([{ specialization_id: 1, language_id: 1 }])
  })
})

describe('the EditLanguages rows', () => {
  const rows: TeacherLanguageRow[] = [
    { language_id: 1, level_id: 6, specialization_ids: [3, 7, 3] },
    { language_id: 5, level_id: 4, specialization_ids: [7] },
  ]

  it('turn into the payload (incomplete rows left out, specializations once) and back', () => {
    const payload = rowsToTeacherLanguages(
      [
        ...rows,
        { language_id: null, level_id: 2, specialization_ids: [1] },
        { language_id: 9, level_id: null, specialization_ids: [] },
      ],
      [2, 1],
    )
    expect(payload).toEqual(valid)
    expect(teacherLanguagesToRows(payload)).toEqual([
      { language_id: 1, level_id: 6, specialization_ids: [3, 7] },
      { language_id: 5, level_id: 4, specialization_ids: [7] },
    ])
  })

  it('name the first problem of each row (language, level, a specialization, no language twice)', () => {
    expect(
      teacherLanguageRowIssues([
        { language_id: 1, level_id: 6, specialization_ids: [3] },
        { language_id: null, level_id: 1, specialization_ids: [1] },
        { language_id: 1, level_id: 1, specialization_ids: [1] },
        { language_id: 2, level_id: null, specialization_ids: [1] },
        { language_id: 3, level_id: 1, specialization_ids: [] },
      ]),
    ).toEqual([
      null,
      { field: 'language_id', message: 'language_required' },
      { field: 'language_id', message: 'language_duplicate' },
      { field: 'level_id', message: 'level_required' },
      { field: 'specialization_ids', message: 'specialization_required' },
    ])
  })
})
