import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useForm } from '@mantine/form'
import { useEffect, useState } from 'react'
import * as v from 'valibot'
import { studentSignUpSchema } from '../../../domain/api/registration.ts'
import { ApiError } from '../../api/api-error.ts'
import { fieldErrorMessage } from '../../api/error-messages.ts'
import { type FieldMessages, issuesToFieldMessages } from '../../api/issue-messages.ts'
import { useStudentSignUp } from '../../api/registration.ts'
import { markRegistrationCompleted, type Session } from '../../api/session.ts'
import { todayKey } from '../../ui/forms/section-rules.ts'
import { showToast } from '../../ui/toast.ts'
import { studentDraftStore } from './registration-draft.ts'
import {
  emptyStudentForm,
  STUDENT_STEPS,
  type StudentFormValues,
  studentFormPath,
  studentPayload,
  studentStepMessages,
  studentStepOfPath,
} from './student-form.ts'
import { fieldErrorsOf } from './submit-failure.ts'
import { useStepFlow } from './use-step-flow.ts'

/**
 * The invited student's registration (details, picture, agreements): local draft without the
 * password, optional picture, then POST /students/sign_up; the stored registration_completed flag
 * then flips and the guard sends the student on.
 */
export function useStudentRegistration(session: Session) {
  const { i18n } = useLingui()
  const [store] = useState(() => studentDraftStore(session.userId))
  const [draft] = useState(() => store.load())
  const [picture, setPicture] = useState<File | null>(null)
  const form = useForm<StudentFormValues>({
    initialValues: { ...emptyStudentForm(), ...draft?.values },
  })
  const flow = useStepFlow({
    steps: STUDENT_STEPS,
    form,
    validate: (step) => studentStepMessages(step, form.getValues()),
    initialFurthest: draft?.furthest ?? 0,
  })

  const { furthest } = flow
  const values = form.getValues()
  const touched = form.isDirty() || furthest > 0
  useEffect(() => {
    if (!touched) return
    const { password: _password, password_confirmation: _confirmation, ...kept } = values
    store.save({ furthest, values: kept })
  }, [values, furthest, touched, store])

  const signUp = useStudentSignUp({
    onRegistered: () => {
      store.clear()
      showToast({ color: 'teal', message: i18n._(msg`Rejestracja zakończona. Witamy w Lektorium!`) })
    },
  })

  const showMessages = (messages: FieldMessages) => {
    if (Object.keys(messages).length === 0) return
    const steps = Object.keys(messages).map((path) => STUDENT_STEPS.indexOf(studentStepOfPath(path)))
    flow.showErrors(Math.max(0, Math.min(...steps)), messages)
  }

  const onSubmitError = (error: unknown) => {
    if (!(error instanceof ApiError)) return
    // Already registered (another tab, a retried request): move on like a success.
    if (error.code === 'registration_already_completed') {
      store.clear()
      markRegistrationCompleted()
      return
    }
    const messages: FieldMessages = {}
    for (const fieldError of fieldErrorsOf(error))
      messages[studentFormPath(fieldError.field)] ??= fieldErrorMessage(fieldError)
    showMessages(messages)
  }

  const submit = async () => {
    if (signUp.progress !== null || !(await flow.checkAll())) return
    const locale = i18n.locale === 'en' ? 'en' : 'pl'
    const parsed = v.safeParse(studentSignUpSchema(todayKey()), studentPayload(form.getValues(), locale))
    if (!parsed.success) return showMessages(issuesToFieldMessages(parsed.issues, studentFormPath))
    signUp.mutation.reset()
    signUp.mutation.mutate({ payload: parsed.output, image: picture }, { onError: onSubmitError })
  }

  return { form, flow, picture, setPicture, submit, signUp, restored: draft !== null }
}
