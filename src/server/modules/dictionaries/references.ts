import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import { englishIssue } from '../../platform/issue-english.ts'
import type { TeacherLanguages } from '../users/public.ts'
import { findExistingIds } from './repository.ts'

// Payloads name languages, levels and specializations by id (product-rules.md "Records and
// fields"); an id missing from its dictionary is the client's mistake (400 with the field), never a
// database error.

export type DictionaryRef = { field: string; dictionary: 'language' | 'level' | 'specialization'; id: number }

export function teacherLanguageRefs(input: TeacherLanguages): DictionaryRef[] {
  return [
    ...input.taught_languages.flatMap((row, i): DictionaryRef[] => [
      { field: `taught_languages.${i}.language_id`, dictionary: 'language', id: row.language_id },
      { field: `taught_languages.${i}.level_id`, dictionary: 'level', id: row.level_id },
    ]),
    ...input.teaching_languages.map(
      (id, i): DictionaryRef => ({ field: `teaching_languages.${i}`, dictionary: 'language', id }),
    ),
    // The pairs' languages are among the taught ones (the schema checks it).
    ...input.language_specializations.map(
      (row, i): DictionaryRef => ({
        field: `language_specializations.${i}.specialization_id`,
        dictionary: 'specialization',
        id: row.specialization_id,
      }),
    ),
  ]
}

export const learnedLanguageRefs = (languageIds: number[]): DictionaryRef[] =>
  languageIds.map((id, i) => ({ field: `language_ids.${i}`, dictionary: 'language', id }))

/** Throws 400 `validation_failed` naming every field whose id is not in its dictionary. */
export async function assertKnownReferences(
  ctx: Pick<ServiceContext, 'db'>,
  refs: DictionaryRef[],
): Promise<void> {
  if (refs.length === 0) return
  const idsOf = (dictionary: DictionaryRef['dictionary']) =>
    refs.filter((ref) => ref.dictionary === dictionary).map((ref) => ref.id)
  const existing = await findExistingIds(ctx.db, {
    language: idsOf('language'),
    level: idsOf('level'),
    specialization: idsOf('specialization'),
  })
  const unknown = refs.filter((ref) => !existing[ref.dictionary].has(ref.id))
  if (unknown.length === 0) return
  throw new AppError('validation_failed', {
    errors: unknown.map((ref) => ({
      field: ref.field,
      message: englishIssue({ code: 'invalid', param: '' }),
      code: 'invalid',
    })),
  })
}
