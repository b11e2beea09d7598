import type {
  LackOfSlotsInput,
  LackOfSlotsReport,
  TeacherExistenceQuery,
} from '../../../domain/api/language-onboardings.ts'
import { addDays, fromPolandLocal, parseDateKey, polandDateKey } from '../../../domain/poland-time.ts'
import type { AppContext } from '../../context.ts'
import { AppError } from '../../platform/errors.ts'
import type { User } from '../../platform/sessions.ts'
import { searchBoard } from '../board/public.ts'
import { assertKnownReferences, type DictionaryRef } from '../dictionaries/public.ts'
import { dictionaryNames, storeOncePerDay, toReport } from './repository.ts'

// product-rules.md "Language onboarding", the server's part: does anyone teach what the
// student asks for, and the school hears what nobody could offer.

type Context = Pick<AppContext, 'board' | 'clock' | 'db' | 'lackOfSlotsDigest'>

/** A student's reports a Poland day: a real search fails a few times, not a hundred. */
export const LACK_OF_SLOTS_REPORTS_PER_DAY = 10

/**
 * GET /language_onboardings/check_teacher_existence: an active teacher teaches the language at
 * the level or above, in the chosen language of instruction (and the specialization, when given),
 * and takes this student (a teacher refusing new students counts only for students they allowed).
 * Free slots do not matter here: the search that follows looks at those.
 */
export async function teacherExists(
  ctx: Pick<Context, 'board' | 'clock'>,
  student: User,
  query: TeacherExistenceQuery,
): Promise<boolean> {
  const board = await ctx.board.teachers(ctx.clock.now())
  const { matches } = searchBoard(
    board,
    {
      languageId: query.language_id,
      teachingLanguageId: query.teaching_language_id,
      levelId: query.level_id,
      specializationId: query.specialization_id,
    },
    { windows: [], required: false, studentId: student.id },
  )
  return matches.some((match) => !match.refused)
}

const refsOf = (input: LackOfSlotsInput): DictionaryRef[] => [
  { field: 'language_id', dictionary: 'language', id: input.language_id },
  { field: 'teaching_language_id', dictionary: 'language', id: input.teaching_language_id },
  { field: 'level_id', dictionary: 'level', id: input.level_id },
  ...(input.specialization_id
    ? [{ field: 'specialization_id', dictionary: 'specialization', id: input.specialization_id } as const]
    : []),
]

/**
 * POST /language_onboardings/report_lack_of_slots: stores the Lack-of-slots report
 * (product-rules.md "Records and fields"; the student's details from the account, not from the
 * request) once per student, criteria and Poland day, up to LACK_OF_SLOTS_REPORTS_PER_DAY a day,
 * and hands a new one to the school's hourly digest (OPERATOR_EMAIL, lack-of-slots-digest.ts).
 */
export async function reportLackOfSlots(
  ctx: Context,
  student: User,
  input: LackOfSlotsInput,
): Promise<{ report: LackOfSlotsReport; created: boolean }> {
  await assertKnownReferences(ctx, refsOf(input))
  const specializationId = input.specialization_id ?? null
  const names = await dictionaryNames(ctx.db, {
    languages: [input.language_id, input.teaching_language_id],
    level: input.level_id,
    specialization: specializationId,
  })
  const taught = names.language.get(input.language_id)
  const teaching = names.language.get(input.teaching_language_id)
  // assertKnownReferences has just seen every id; dictionaries are never deleted from.
  if (!taught || !teaching || !names.level) throw new Error('a dictionary entry vanished')
  const now = ctx.clock.now()
  const criteria = [
    input.language_id,
    input.teaching_language_id,
    input.level_id,
    specializationId ?? '-',
    input.date,
    input.hour,
  ].join('|')
  const fullName = [student.firstName, student.lastName].filter(Boolean).join(' ')
  const reportedOn = polandDateKey(now)
  const stored = await storeOncePerDay(
    ctx.db,
    {
      studentId: student.id,
      criteria,
      reportedOn,
      studentFullName: fullName || student.email,
      studentEmail: student.email,
      studentPhoneNumber: student.phoneNumber,
      teachingLanguage: teaching,
      taughtLanguage: taught,
      level: names.level,
      specialization: names.specialization,
      date: input.date,
      hour: input.hour,
      createdAt: now,
    },
    LACK_OF_SLOTS_REPORTS_PER_DAY,
  )
  if (!stored) {
    const tomorrow = fromPolandLocal(parseDateKey(addDays(reportedOn, 1)))
    const retryAfter = Math.max(1, Math.ceil((tomorrow.getTime() - now.getTime()) / 1000))
    throw new AppError('lack_of_slots_daily_cap', {
      params: { max: String(LACK_OF_SLOTS_REPORTS_PER_DAY) },
      headers: { 'retry-after': String(retryAfter) },
    })
  }
  if (stored.created) ctx.lackOfSlotsDigest.reported()
  return { report: toReport(stored.row), created: stored.created }
}
