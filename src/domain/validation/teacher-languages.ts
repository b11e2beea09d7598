import * as v from 'valibot'
import { issue } from './issues.ts'
import { idListItem } from './rules.ts'

// The teacher languages payload and its rules (product-rules.md "Validation"): every taught
// language has a level and at least one specialization; no language twice; at least one language
// taught in (the skill completeness check).

export const MAX_TAUGHT_LANGUAGES = 30

/** One row of the EditLanguages dialog / registration step (the web's form model). */
export type TeacherLanguageRow = {
  language_id: number | null
  level_id: number | null
  specialization_ids: number[]
}

type LanguagesPayload = {
  taught_languages: { language_id: number }[]
  language_specializations: { language_id: number }[]
}

/** Every taught language has a specialization, and every specialization a taught language. */
export const specializationsMatchTaught = ({
  taught_languages,
  language_specializations,
}: LanguagesPayload) =>
  taught_languages.every((row) => language_specializations.some((s) => s.language_id === row.language_id)) &&
  language_specializations.every((s) => taught_languages.some((row) => row.language_id === s.language_id))

type SpecializationRow = { specialization_id: number; language_id: number }

/** The same specialization of a language given twice counts once (one row is stored). */
export const uniqueSpecializations = <T extends SpecializationRow>(rows: T[]): T[] =>
  rows.filter(
    (row, index) =>
      rows.findIndex(
        (other) => other.language_id === row.language_id && other.specialization_id === row.specialization_id,
      ) === index,
  )

export const teacherLanguagesEntries = {
  taught_languages: v.pipe(
    v.array(v.object({ language_id: idListItem, level_id: idListItem }), issue('invalid')),
    v.minLength(1, issue('language_required')),
    v.maxLength(MAX_TAUGHT_LANGUAGES, issue('too_many', MAX_TAUGHT_LANGUAGES)),
    v.check(
      (rows) => new Set(rows.map((r) => r.language_id)).size === rows.length,
      issue('language_duplicate'),
    ),
  ),
  teaching_languages: v.pipe(
    v.array(idListItem, issue('invalid')),
    v.transform((ids) => [...new Set(ids)]),
    v.minLength(1, issue('teaching_language_required')),
    v.maxLength(MAX_TAUGHT_LANGUAGES, issue('too_many', MAX_TAUGHT_LANGUAGES)),
  ),
  language_specializations: v.pipe(
    v.array(v.object({ specialization_id: idListItem, language_id: idListItem }), issue('invalid')),
    v.maxLength(MAX_TAUGHT_LANGUAGES * 20, issue('too_many', MAX_TAUGHT_LANGUAGES * 20)),
    v.transform(uniqueSpecializations),
  ),
}

export const teacherLanguagesSchema = v.pipe(
  v.object(teacherLanguagesEntries),
  v.forward(
    v.partialCheck(
      [['taught_languages'], ['language_specializations']],
      specializationsMatchTaught,
      issue('specialization_required'),
    ),
    ['language_specializations'],
  ),
)
export type TeacherLanguagesInput = v.InferInput<typeof teacherLanguagesSchema>

/** The dialog's rows → the payload. */
export function rowsToTeacherLanguages(
  rows: TeacherLanguageRow[],
  teachingLanguages: number[],
): TeacherLanguagesInput {
  const complete = rows.filter(
    (r): r is TeacherLanguageRow & { language_id: number; level_id: number } =>
      r.language_id !== null && r.level_id !== null,
  )
  return {
    taught_languages: complete.map(({ language_id, level_id }) => ({ language_id, level_id })),
    teaching_languages: teachingLanguages,
    language_specializations: complete.flatMap(({ language_id, specialization_ids }) =>
      [...new Set(specialization_ids)].map((specialization_id) => ({ specialization_id, language_id })),
    ),
  }
}

/** The payload → the dialog's rows. */
export function teacherLanguagesToRows(input: {
  taught_languages: { language_id: number; level_id: number }[]
  language_specializations: { specialization_id: number; language_id: number }[]
}): TeacherLanguageRow[] {
  return input.taught_languages.map(({ language_id, level_id }) => ({
    language_id,
    level_id,
    specialization_ids: input.language_specializations
      .filter((s) => s.language_id === language_id)
      .map((s) => s.specialization_id),
  }))
}

/** Per-row problems for the form, in row order: `null` when the row is fine. */
export function teacherLanguageRowIssues(
  rows: TeacherLanguageRow[],
): ({ field: keyof TeacherLanguageRow; message: string } | null)[] {
  return rows.map((row, index) => {
    if (row.language_id === null) return { field: 'language_id', message: issue('language_required') }
    if (rows.findIndex((r) => r.language_id === row.language_id) !== index)
      return { field: 'language_id', message: issue('language_duplicate') }
    if (row.level_id === null) return { field: 'level_id', message: issue('level_required') }
    if (row.specialization_ids.length === 0)
      return { field: 'specialization_ids', message: issue('specialization_required') }
    return null
  })
}
