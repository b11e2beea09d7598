import type { Language, Level } from '../../../domain/api/dictionaries.ts'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { languageLabel } from '../../ui/language-labels.ts'

// The schedule confirmation (product-rules.md "Validation"): the languages offered are those the
// teacher teaches; the levels are those at or below the teacher's level for that language. The
// levels dictionary comes ordered from A1 up (the server sorts it by rank), so "at or below" is
// "not later in that list".

export type TaughtLanguage = { language_id: number; level_id: number }
export type Option = { value: string; label: string }

export function languageOptions(
  taught: TaughtLanguage[],
  languages: Language[] | undefined,
  locale: string,
): Option[] {
  const byId = new Map((languages ?? []).map((language) => [language.id, language]))
  return taught.flatMap(({ language_id }) => {
    const language = byId.get(language_id)
    return language ? [{ value: String(language_id), label: languageLabel(language, locale) }] : []
  })
}

export function levelOptions(
  taught: TaughtLanguage[],
  languageId: number | null,
  levels: Level[] | undefined,
): Option[] {
  const teacherLevel = taught.find((entry) => entry.language_id === languageId)?.level_id
  const ordered = levels ?? []
  const top = ordered.findIndex((level) => level.id === teacherLevel)
  if (top < 0) return []
  return ordered.slice(0, top + 1).map((level) => ({ value: String(level.id), label: level.name }))
}

/** A preset that is still among the options, or the only option, or nothing. */
export function presetValue(options: Option[], wanted: number | null): string | null {
  const match = options.find((option) => option.value === String(wanted))
  if (match) return match.value
  return options.length === 1 ? (options[0]?.value ?? null) : null
}

/**
 * What the booking dialog starts with: the search's language and level when the student set them;
 * else those of their latest lesson with this teacher (what they book again most often); else the
 * language their profile learns first. The profile names no level, so without a lesson the
 * student picks it.
 */
export type BookingPreset = { language: number | null; level: number | null; profileLanguage?: number | null }

type PastLesson = Pick<Lesson, 'scheduled_at' | 'canceled'> & {
  teacher: { id: string }
  language: { id: number }
  level: { id: number }
}

export function bookingPreset(
  preset: BookingPreset,
  teacherId: string,
  lessons: PastLesson[],
): { language: number | null; level: number | null } {
  const last = lessons
    .filter((lesson) => lesson.teacher.id === teacherId && !lesson.canceled)
    .reduce<PastLesson | null>(
      (latest, lesson) =>
        latest === null || Date.parse(lesson.scheduled_at) > Date.parse(latest.scheduled_at)
          ? lesson
          : latest,
      null,
    )
  const language = preset.language ?? last?.language.id ?? preset.profileLanguage ?? null
  const level = preset.level ?? (last && last.language.id === language ? last.level.id : null)
  return { language, level }
}
