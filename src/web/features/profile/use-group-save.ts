import type { MessageDescriptor } from '@lingui/core'
import type { UseFormReturnType } from '@mantine/form'
import { useState } from 'react'
import * as v from 'valibot'
import { studentUpdateSchema, teacherUpdateSchema } from '../../../domain/api/profile-update.ts'
import { polandDateKey } from '../../../domain/poland-time.ts'
import { ApiError } from '../../api/api-error.ts'
import { codeMessage, fieldErrorMessage, inlineErrorMessage } from '../../api/error-messages.ts'
import { type FieldMessages, issuesToFieldMessages, type PathMap } from '../../api/issue-messages.ts'
import { type ProfileUpdate, useUpdateProfile } from '../../api/profile-update.ts'
import { useSession } from '../../api/session.ts'
import { toFormErrors } from '../../ui/forms/field-messages.tsx'
import { showErrorToast, showSuccessToast, updateErrorText } from './profile-toasts.ts'

type Role = 'student' | 'teacher'

/** The date-of-birth rule's "today" (product-rules.md "Validation"), a Poland calendar day. */
const polandToday = (): string => polandDateKey(Date.now())

/** Checks a payload with the role's update schema (the server runs the same). */
export function checkUpdate(
  role: Role,
  payload: unknown,
  today = polandToday(),
): { ok: true; output: ProfileUpdate } | { ok: false; issues: v.BaseIssue<unknown>[] } {
  const result =
    role === 'teacher'
      ? v.safeParse(teacherUpdateSchema(today), payload)
      : v.safeParse(studentUpdateSchema(today), payload)
  return result.success ? { ok: true, output: result.output } : { ok: false, issues: result.issues }
}

// product-rules.md "Errors": the wrong current password is shown on its field (EditPassword).
const codeFields: Partial<Record<string, string>> = { current_password_incorrect: 'currentPassword' }

/** The server's answer as messages on the form's fields (unknown fields are left out). */
export function serverFieldMessages(error: ApiError, mapPath: PathMap, fields: string[]): FieldMessages {
  const messages: FieldMessages = {}
  const codeField = error.code ? codeFields[error.code] : undefined
  if (error.code && codeField) messages[codeField] = codeMessage(error.code)
  for (const fieldError of error.fieldErrors) {
    const path = mapPath(fieldError.field)
    if (path === null || path in messages || !fields.includes(path.split('.')[0] ?? '')) continue
    messages[path] = fieldErrorMessage(fieldError)
  }
  return messages
}

type Options<Values extends object> = {
  form: UseFormReturnType<Values>
  /** The group's payload built from the form's values. */
  payload: (values: Values) => unknown
  success: MessageDescriptor
  onSaved: () => void
  /** Payload path → form path (identity by default); null leaves the problem out. */
  mapPath?: PathMap
  /** product-rules.md "Errors": some failures show as the update-data error toast (social links). */
  failureToast?: boolean
}

/**
 * Saves one dialog's group: browser-side check with the domain schema, the call, the success
 * toast (product-rules.md "Errors") and closing; on failure the dialog stays open with the server's
 * field messages or one message for the whole form ("Dialogs stay open on failure", "States and
 * transitions").
 */
export function useGroupSave<Values extends object>({
  form,
  payload,
  success,
  onSaved,
  mapPath = (path) => path,
  failureToast = false,
}: Options<Values>) {
  const sessionRole = useSession()?.role
  // Only students and teachers have a profile to edit (operators see the console only).
  const role = sessionRole === 'teacher' ? 'teacher' : 'student'
  const update = useUpdateProfile()
  const [failure, setFailure] = useState<MessageDescriptor | null>(null)

  const save = (values: Values) => {
    setFailure(null)
    const checked = checkUpdate(role, payload(values))
    if (!checked.ok) {
      form.setErrors(toFormErrors(issuesToFieldMessages(checked.issues, mapPath)))
      return
    }
    update.mutate(checked.output, {
      onSuccess: () => {
        showSuccessToast(success)
        onSaved()
      },
      onError: (error) => {
        const apiError = error instanceof ApiError ? error : null
        const fields = Object.keys(form.getValues())
        const messages = apiError ? serverFieldMessages(apiError, mapPath, fields) : {}
        if (Object.keys(messages).length > 0) {
          form.setErrors(toFormErrors(messages))
          return
        }
        const message = (apiError && inlineErrorMessage(apiError)) ?? updateErrorText
        if (failureToast) showErrorToast()
        else setFailure(message)
      },
    })
  }

  return { submit: form.onSubmit(save), pending: update.isPending, failure }
}
