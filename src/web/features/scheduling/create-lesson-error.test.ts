import { describe, expect, it } from 'vitest'
import { formatMessage } from '../../../domain/error-text.ts'
import { ERROR_MESSAGES, type ErrorCode } from '../../../domain/errors.ts'
import { ApiError } from '../../api/api-error.ts'
import { codeMessage, networkErrorMessage } from '../../api/error-messages.ts'
import { createLessonErrorMessage, setLessonErrorMessage } from './create-lesson-error.ts'

const answer = (code: ErrorCode, params: Record<string, string> = {}, status = 422) =>
  new ApiError({ kind: 'http', status, code, message: formatMessage(code, params), params })

describe('create-lesson errors', () => {
  it("gives the limit text with the limit when the message contains 'limit'", () => {
    expect(createLessonErrorMessage(answer('lesson_limit', { limit: '3' }))).toEqual(
      codeMessage('lesson_limit', { limit: '3' }),
    )
  })

  it('reads the limit from the message when the answer has no params', () => {
    const error = new ApiError({ kind: 'http', status: 422, message: 'Limit of 4 lessons scheduled at once' })
    expect(createLessonErrorMessage(error)).toEqual(codeMessage('lesson_limit', { limit: '4' }))
  })

  it("gives the teacher-lesson-limit text for 'maximum monthly income'", () => {
    expect(createLessonErrorMessage(answer('teacher_monthly_income'))).toEqual(
      codeMessage('teacher_monthly_income'),
    )
  })

  it('gives the account-expired text for "exceeds \'active until\'"', () => {
    expect(ERROR_MESSAGES.account_expired).toContain("exceeds 'active until'")
    expect(createLessonErrorMessage(answer('account_expired'))).toEqual(codeMessage('account_expired'))
  })

  it('applies the substring rules to the first item of the error list', () => {
    const error = new ApiError({
      kind: 'http',
      status: 422,
      message: 'Invalid input',
      fieldErrors: [
        { field: 'time_slot_ids', message: "This lesson would exceed the teacher's maximum monthly income" },
      ],
    })
    expect(createLessonErrorMessage(error)).toEqual(codeMessage('teacher_monthly_income'))
  })

  it.each([
    'lesson_date_taken',
    'one_lesson_with_teacher',
    'not_accepting_new_students',
    'slot_taken',
    'slot_unavailable',
    'language_not_taught',
    'human_access_required',
  ] as const)('gives the text of %s by its code', (code) => {
    expect(createLessonErrorMessage(answer(code, {}, 409))).toEqual(codeMessage(code))
  })

  it('gives the generic set-lesson error otherwise', () => {
    expect(createLessonErrorMessage(answer('validation_failed', {}, 400))).toEqual(setLessonErrorMessage)
    expect(
      createLessonErrorMessage(new ApiError({ kind: 'http', status: 500, message: 'HTTP 500' })),
    ).toEqual(setLessonErrorMessage)
  })

  it('says the network failed when there was no answer', () => {
    expect(createLessonErrorMessage(new ApiError({ kind: 'network', message: 'Network error!' }))).toEqual(
      networkErrorMessage,
    )
  })
})
