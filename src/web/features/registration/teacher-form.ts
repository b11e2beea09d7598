import * as v from 'valibot'
import { emailSchema, newPasswordSchema } from '../../../domain/api/common.ts'
import { registrationSocialLinkSchema, type TeacherSignUpInput } from '../../../domain/api/registration.ts'
import { issue } from '../../../domain/validation/issues.ts'
import { aboutSchema, descriptionSchema } from '../../../domain/validation/rules.ts'
import { type FieldMessages, issueTextOf, schemaFieldMessages } from '../../api/issue-messages.ts'
import {
  type AgreementsValues,
  agreementsMessages,
  type BankValues,
  bankMessages,
  bankPayload,
  type DetailsValues,
  detailsMessages,
  detailsPayload,
  emptyAgreements,
  emptyBank,
  emptyDetails,
  emptyTeacherLanguages,
  type TeacherLanguagesValues,
  teacherLanguagesMessages,
  teacherLanguagesPayload,
  todayKey,
} from '../../ui/forms/section-rules.ts'

// The teacher registration's form model (six steps) and each step's rules (product-rules.md
// "Validation").

export const TEACHER_STEPS = ['details', 'picture', 'video', 'skills', 'billing', 'agreements'] as const
export type TeacherStep = (typeof TEACHER_STEPS)[number]

export type SocialLinkValues = { name: string; link: string }

export type TeacherFormValues = DetailsValues &
  BankValues &
  TeacherLanguagesValues &
  AgreementsValues & {
    email: string
    password: string
    password_confirmation: string
    description: string
    about: string
    social_links: SocialLinkValues[]
  }

export type TeacherFiles = { image: File | null; video: File | null }

export const emptyTeacherForm = (): TeacherFormValues => ({
  ...emptyDetails(),
  email: '',
  password: '',
  password_confirmation: '',
  description: '',
  about: '',
  social_links: [],
  ...emptyTeacherLanguages(),
  ...emptyBank(),
  ...emptyAgreements(),
})

/** Social links are name and link pairs; rows left completely empty are dropped. */
const filledLinks = (links: SocialLinkValues[]) =>
  links
    .map((l) => ({ name: l.name.trim(), link: l.link.trim() }))
    .filter((l) => l.name !== '' || l.link !== '')

export function passwordMessages(values: { password: string; password_confirmation: string }): FieldMessages {
  const messages = schemaFieldMessages(v.object({ password: newPasswordSchema }), values)
  if (values.password_confirmation === '') messages.password_confirmation = issueTextOf(issue('required'))
  else if (values.password_confirmation !== values.password)
    messages.password_confirmation = issueTextOf(issue('password_mismatch'))
  return messages
}

function skillsMessages(values: TeacherFormValues): FieldMessages {
  const texts = schemaFieldMessages(v.object({ description: descriptionSchema, about: aboutSchema }), values)
  const links: FieldMessages = {}
  values.social_links.forEach((link, index) => {
    if (link.name.trim() === '' && link.link.trim() === '') return
    const found = schemaFieldMessages(
      registrationSocialLinkSchema,
      link,
      (path) => `social_links.${index}.${path}`,
    )
    Object.assign(links, found)
  })
  return { ...texts, ...links, ...teacherLanguagesMessages(values) }
}

const fileRequired = (file: File | null, path: string): FieldMessages =>
  file ? {} : { [path]: issueTextOf(issue('file_required')) }

/** The problems of one step, keyed by form path; `{}` lets the user go on. */
export function teacherStepMessages(
  step: TeacherStep,
  values: TeacherFormValues,
  files: TeacherFiles,
  today = todayKey(),
): FieldMessages {
  switch (step) {
    case 'details':
      return {
        ...detailsMessages(values, today),
        ...schemaFieldMessages(v.object({ email: emailSchema }), values),
        ...passwordMessages(values),
      }
    case 'picture':
      return fileRequired(files.image, 'image')
    case 'video':
      return fileRequired(files.video, 'video')
    case 'skills':
      return skillsMessages(values)
    case 'billing':
      return bankMessages(values)
    case 'agreements':
      return agreementsMessages('teacher', values)
  }
}

/** The JSON part `payload` of POST /teachers/sign_up (empty values stripped). */
export type TeacherPayloadDraft = Omit<TeacherSignUpInput, 'user_rules_agreed' | 'teacher_rules_agreed'> & {
  user_rules_agreed: boolean
  teacher_rules_agreed: boolean
}

/** Checked with teacherSignUpSchema before sending: only a valid payload goes out. */
export function teacherPayload(values: TeacherFormValues, locale: 'pl' | 'en'): TeacherPayloadDraft {
  const about = values.about.trim()
  const links = filledLinks(values.social_links)
  return {
    ...detailsPayload(values),
    email: values.email.trim(),
    password: values.password,
    password_confirmation: values.password_confirmation,
    description: values.description.trim(),
    ...(about ? { about } : {}),
    ...(links.length > 0 ? { social_links: links } : {}),
    ...teacherLanguagesPayload(values),
    bank: bankPayload(values),
    user_rules_agreed: values.agreements.user_rules_agreed,
    teacher_rules_agreed: values.agreements.teacher_rules_agreed,
    commercial_sms_consent: values.agreements.commercial_sms_consent,
    commercial_email_consent: values.agreements.commercial_email_consent,
    locale,
  }
}

const AGREEMENT_FIELDS = new Set([
  'user_rules_agreed',
  'teacher_rules_agreed',
  'commercial_sms_consent',
  'commercial_email_consent',
])

/** Where a payload field (a server error's `field`, a schema issue's path) shows in the form. */
export function teacherFormPath(field: string): string {
  if (field.startsWith('bank.address.')) return field.slice('bank.'.length)
  if (field === 'bank.iban' || field === 'bank.swift') return field.slice('bank.'.length)
  if (field === 'bank' || field === 'bank.address') return 'iban'
  if (AGREEMENT_FIELDS.has(field)) return `agreements.${field}`
  if (field.startsWith('taught_languages') || field.startsWith('language_specializations'))
    return 'language_rows'
  if (field.startsWith('teaching_languages')) return 'teaching_languages'
  return field
}

const STEP_OF_FIELD: [RegExp, TeacherStep][] = [
  [/^(first_name|last_name|phone_number|date_of_birth|email|password|password_confirmation)$/, 'details'],
  [/^image$/, 'picture'],
  [/^video$/, 'video'],
  [/^(description|about|social_links|language_rows|teaching_languages)(\.|$)/, 'skills'],
  [/^(iban|swift|address)(\.|$)/, 'billing'],
  [/^agreements\./, 'agreements'],
]

/** The step that holds a form path (server errors jump there). */
export function stepOfPath(path: string): TeacherStep {
  return STEP_OF_FIELD.find(([pattern]) => pattern.test(path))?.[1] ?? 'agreements'
}
