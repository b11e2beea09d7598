import type { MessageDescriptor } from '@lingui/core'
import type { UseMutationResult } from '@tanstack/react-query'
import { useState } from 'react'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage, codeMessage, fieldErrorMessage } from '../../api/error-messages.ts'
import type { LessonWrite } from '../../api/my-lesson-mutations.ts'
import { useWriteAttempt } from '../../api/write-attempt.ts'

/**
 * What a dialog says about a failed write, beside its form (dialogs stay open: product-rules.md
 * "States and transitions").
 */
export function writeErrorMessage(error: unknown): MessageDescriptor | null {
  if (!(error instanceof ApiError)) return codeMessage('server_error')
  if (error.kind === 'aborted') return null
  const field = error.fieldErrors[0]
  return field ? fieldErrorMessage(field) : apiErrorMessage(error)
}

/**
 * A dialog's write on `lesson`: one Idempotency-Key per action (kept for a retry of the same
 * input after an unknown outcome, write-attempt.ts) and the error to show.
 */
export function useDialogWrite<I, R>(mutation: UseMutationResult<R, Error, LessonWrite<I>>, lesson: Lesson) {
  const attempt = useWriteAttempt()
  const [error, setError] = useState<MessageDescriptor | null>(null)
  const submit = (input: I, onDone: (answer: R) => void) => {
    setError(null)
    mutation.mutate(
      { input, idempotencyKey: attempt.keyFor(input), lesson },
      {
        onSuccess: (answer) => {
          attempt.settle(null)
          onDone(answer)
        },
        onError: (failure) => {
          attempt.settle(failure)
          setError(writeErrorMessage(failure))
        },
      },
    )
  }
  return { submit, error, pending: mutation.isPending }
}
