import type { StudentSignUpInput } from '../../../domain/api/registration.ts'
import type { FieldMessages } from '../../api/issue-messages.ts'
import {
  type AgreementsValues,
  agreementsMessages,
  type DetailsValues,
  detailsMessages,
  detailsPayload,
  emptyAgreements,
  emptyDetails,
  todayKey,
} from '../../ui/forms/section-rules.ts'
import { passwordMessages } from './teacher-form.ts'

// The invited student's registration (details, picture, agreements).

export const STUDENT_STEPS = ['details', 'picture', 'agreements'] as const
export type StudentStep = (typeof STUDENT_STEPS)[number]

export type StudentFormValues = DetailsValues &
  AgreementsValues & { password: string; password_confirmation: string }

export const emptyStudentForm = (): StudentFormValues => ({
  ...emptyDetails(),
  password: '',
  password_confirmation: '',
  ...emptyAgreements(),
})

/** The picture is optional for a student (it can be added later in the profile). */
export function studentStepMessages(
  step: StudentStep,
  values: StudentFormValues,
  today = todayKey(),
): FieldMessages {
  switch (step) {
    case 'details':
      return { ...detailsMessages(values, today), ...passwordMessages(values) }
    case 'picture':
      return {}
    case 'agreements':
      return agreementsMessages('student', values)
  }
}

export type StudentPayloadDraft = Omit<StudentSignUpInput, 'user_rules_agreed' | 'voice_recording_agreed'> & {
  user_rules_agreed: boolean
  voice_recording_agreed: boolean
}

/** Checked with studentSignUpSchema before sending. */
export function studentPayload(values: StudentFormValues, locale: 'pl' | 'en'): StudentPayloadDraft {
  return {
    ...detailsPayload(values),
    password: values.password,
    password_confirmation: values.password_confirmation,
    user_rules_agreed: values.agreements.user_rules_agreed,
    voice_recording_agreed: values.agreements.voice_recording_agreed,
    commercial_sms_consent: values.agreements.commercial_sms_consent,
    commercial_email_consent: values.agreements.commercial_email_consent,
    locale,
  }
}

const AGREEMENT_FIELDS = new Set([
  'user_rules_agreed',
  'voice_recording_agreed',
  'commercial_sms_consent',
  'commercial_email_consent',
])

export const studentFormPath = (field: string) =>
  AGREEMENT_FIELDS.has(field) ? `agreements.${field}` : field

export function studentStepOfPath(path: string): StudentStep {
  if (path.startsWith('agreements.')) return 'agreements'
  if (path === 'image') return 'picture'
  return 'details'
}
