import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ErrorCode } from '../../../domain/errors.ts'
import type { ApiError } from '../../api/api-error.ts'
import { codeMessage, networkErrorMessage } from '../../api/error-messages.ts'

// The create-lesson errors of product-rules.md "Errors": the first item of the error list is read;
// its English message decides by substring ('limit', 'maximum monthly income', "exceeds 'active
// until'"), then the stable code; anything else is the generic set-lesson error.

const BOOKING_CODES: readonly ErrorCode[] = [
  'human_access_required',
  'registration_incomplete',
  'group_lessons_only',
  'account_expired',
  'lesson_limit',
  'lesson_date_taken',
  'one_lesson_with_teacher',
  'not_accepting_new_students',
  'teacher_monthly_income',
  'language_not_taught',
  'slot_taken',
  'slot_unavailable',
  'forbidden',
]

/** Codes after which the timetable on screen is out of date and is reloaded. */
export const REFRESHING_CODES: readonly ErrorCode[] = [
  'slot_taken',
  'slot_unavailable',
  'not_accepting_new_students',
]

export const setLessonErrorMessage = msg`Nie udało się umówić lekcji. Spróbuj ponownie za chwilę.`

export function createLessonErrorMessage(error: ApiError): MessageDescriptor {
  if (error.kind === 'network') return networkErrorMessage
  const english = (error.fieldErrors[0]?.message ?? error.message).toLowerCase()
  if (english.includes('limit')) {
    const limit = error.params.limit ?? /(\d+)/.exec(english)?.[1] ?? ''
    return codeMessage('lesson_limit', { limit })
  }
  if (english.includes('maximum monthly income')) return codeMessage('teacher_monthly_income')
  if (english.includes("exceeds 'active until'")) return codeMessage('account_expired')
  if (error.code && BOOKING_CODES.includes(error.code)) return codeMessage(error.code, error.params)
  return setLessonErrorMessage
}

const SLOT_FIELD = /^time_slot_ids\.(\d+)$/

/**
 * The requested slots a refusal names (`time_slot_ids.<index>`), as ids of `requested`; empty when
 * it names none (the limit, access, a teacher's rule).
 */
export function refusedSlotIds(error: ApiError, requested: readonly string[]): string[] {
  const ids = error.fieldErrors.flatMap((field) => {
    const index = SLOT_FIELD.exec(field.field)?.[1]
    const id = index === undefined ? undefined : requested[Number(index)]
    return id === undefined ? [] : [id]
  })
  return [...new Set(ids)]
}
