import { useLingui } from '@lingui/react/macro'
import { useForm } from '@mantine/form'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import { teacherSignUpSchema } from '../../../domain/api/registration.ts'
import { ApiError } from '../../api/api-error.ts'
import { codeMessage, fieldErrorMessage } from '../../api/error-messages.ts'
import { type FieldMessages, issuesToFieldMessages } from '../../api/issue-messages.ts'
import { checkEmailAvailability, registrationKeys, useTeacherSignUp } from '../../api/registration.ts'
import { todayKey } from '../../ui/forms/section-rules.ts'
import { teacherDraftOf, teacherDraftStore, teacherValuesOf } from './registration-draft.ts'
import { fieldErrorsOf } from './submit-failure.ts'
import {
  emptyTeacherForm,
  stepOfPath,
  TEACHER_STEPS,
  type TeacherFiles,
  type TeacherFormValues,
  teacherFormPath,
  teacherPayload,
  teacherStepMessages,
} from './teacher-form.ts'
import { useStepFlow } from './use-step-flow.ts'

/**
 * The teacher registration's state: the form, its local draft (saved on every change, restored on
 * reload, cleared on success), the chosen files, the steps and the submit.
 */
export function useTeacherRegistration() {
  const { i18n } = useLingui()
  const client = useQueryClient()
  const [draft] = useState(() => teacherDraftStore.load())
  const [files, setFiles] = useState<TeacherFiles>({ image: null, video: null })
  const [completed, setCompleted] = useState(false)
  const form = useForm<TeacherFormValues>({
    initialValues: draft ? teacherValuesOf(draft) : emptyTeacherForm(),
  })
  const filesRef = useRef(files)
  filesRef.current = files

  const validate = async (step: (typeof TEACHER_STEPS)[number]): Promise<FieldMessages> => {
    const values = form.getValues()
    const messages = teacherStepMessages(step, values, filesRef.current)
    if (step !== 'details' || messages.email) return messages
    // product-rules.md "Validation": the address must be free; a failed check does not block (the
    // server checks again).
    const availability = await checkEmailAvailability(client, values.email).catch(() => 'available' as const)
    return availability === 'taken' ? { ...messages, email: codeMessage('email_taken') } : messages
  }
  const flow = useStepFlow({ steps: TEACHER_STEPS, form, validate, initialFurthest: draft?.furthest ?? 0 })

  // Every change (and each step reached) is saved locally; passwords and files never are.
  const { furthest } = flow
  const values = form.getValues()
  const touched = form.isDirty() || furthest > 0
  useEffect(() => {
    if (!completed && touched) teacherDraftStore.save(teacherDraftOf(values, furthest))
  }, [values, furthest, completed, touched])

  const signUp = useTeacherSignUp()

  /** Messages keyed by form path → open the earliest step that has one. */
  const showMessages = (messages: FieldMessages) => {
    if (Object.keys(messages).length === 0) return
    const steps = Object.keys(messages).map((path) => TEACHER_STEPS.indexOf(stepOfPath(path)))
    flow.showErrors(Math.max(0, Math.min(...steps)), messages)
  }

  const onSubmitError = (error: unknown) => {
    if (!(error instanceof ApiError)) return
    if (error.code === 'email_taken') {
      void client.invalidateQueries({ queryKey: registrationKeys.all })
      showMessages({ email: codeMessage('email_taken') })
      return
    }
    if (error.fieldErrors.length === 0) return
    const messages: FieldMessages = {}
    for (const fieldError of fieldErrorsOf(error)) {
      const path = teacherFormPath(fieldError.field)
      messages[path] ??= fieldErrorMessage(fieldError)
    }
    showMessages(messages)
  }

  const submit = async () => {
    if (signUp.progress !== null || !(await flow.checkAll())) return
    const { image, video } = filesRef.current
    const locale = i18n.locale === 'en' ? 'en' : 'pl'
    const parsed = v.safeParse(teacherSignUpSchema(todayKey()), teacherPayload(form.getValues(), locale))
    if (!parsed.success) return showMessages(issuesToFieldMessages(parsed.issues, teacherFormPath))
    if (!image || !video) return
    signUp.mutation.reset()
    signUp.mutation.mutate(
      { payload: parsed.output, image, video },
      {
        onSuccess: () => {
          teacherDraftStore.clear()
          setCompleted(true)
        },
        onError: onSubmitError,
      },
    )
  }

  const chooseFile = (kind: keyof TeacherFiles, file: File | null) => {
    setFiles((current) => ({ ...current, [kind]: file }))
    if (file) form.clearFieldError(kind)
  }

  /** "Start over": forget the draft and every value. */
  const startOver = () => {
    teacherDraftStore.clear()
    form.setValues(emptyTeacherForm())
    form.clearErrors()
    setFiles({ image: null, video: null })
  }

  return { form, flow, files, chooseFile, submit, signUp, completed, restored: draft !== null, startOver }
}
