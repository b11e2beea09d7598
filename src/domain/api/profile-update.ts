import * as v from 'valibot'
import { issue } from '../validation/issues.ts'
import {
  aboutSchema,
  addressSchema,
  descriptionSchema,
  ibanSchema,
  idListItem,
  socialLinksSchema,
  swiftRequired,
  swiftSchema,
} from '../validation/rules.ts'
import { specializationsMatchTaught, teacherLanguagesEntries } from '../validation/teacher-languages.ts'
import { localeSchema, newPasswordSchema, passwordInputSchema } from './common.ts'
import { detailsFields } from './registration.ts'

// POST /students/update and /teachers/update (product-rules.md "API calls"). A request
// carries one or more groups of fields; a group is all-or-nothing (the four details together, the
// three passwords together, …). Keys the role cannot change are refused (strict object), so
// nothing is silently ignored. Files (image, video) travel as multipart parts beside the JSON.

const flag = v.optional(v.boolean(issue('invalid')))

/** The payload's groups; a key present selects its group, whose other keys are then required. */
export const UPDATE_GROUPS = {
  details: ['first_name', 'last_name', 'phone_number', 'date_of_birth'],
  password: ['currentPassword', 'password', 'passwordConfirmation'],
  bank: ['iban', 'address'],
  languages: ['taught_languages', 'teaching_languages', 'language_specializations'],
} as const

/** Keys that select a group without being required in it: a SWIFT code belongs to an account. */
const OPTIONAL_GROUP_KEYS: Record<string, readonly string[]> = { bank: ['swift'] }

const sharedEntries = (today: string) => {
  const details = detailsFields(today)
  return {
    first_name: v.optional(details.first_name),
    last_name: v.optional(details.last_name),
    phone_number: v.optional(details.phone_number),
    date_of_birth: v.optional(details.date_of_birth),
    currentPassword: v.optional(passwordInputSchema),
    password: v.optional(newPasswordSchema),
    passwordConfirmation: v.optional(v.string(issue('required'))),
    about: v.optional(aboutSchema),
    social_links: v.optional(socialLinksSchema),
    locale: v.optional(localeSchema),
    sms_notifications_enabled: flag,
    email_notifications_enabled: flag,
    commercial_sms_consent: flag,
    commercial_email_consent: flag,
  }
}

type Payload = Record<string, unknown>

/**
 * Group completeness and the cross-field rules (product-rules.md "Validation") that apply to
 * whichever groups came.
 */
function groupRules(input: Payload, addIssue: (key: string, message: string) => void): void {
  for (const [group, keys] of Object.entries(UPDATE_GROUPS)) {
    const selectors = [...keys, ...(OPTIONAL_GROUP_KEYS[group] ?? [])]
    if (!selectors.some((key) => input[key] !== undefined)) continue
    for (const key of keys) if (input[key] === undefined) addIssue(key, issue('required'))
  }
  if (input.password !== undefined && input.password !== input.passwordConfirmation) {
    addIssue('passwordConfirmation', issue('password_mismatch'))
  }
  if (typeof input.iban === 'string' && swiftRequired(input.iban) && !input.swift)
    addIssue('swift', issue('swift_required'))
  if (Array.isArray(input.taught_languages) && Array.isArray(input.language_specializations)) {
    const payload = {
      taught_languages: input.taught_languages,
      language_specializations: input.language_specializations,
    }
    if (!specializationsMatchTaught(payload))
      addIssue('language_specializations', issue('specialization_required'))
  }
  if (Object.keys(input).length === 0) addIssue('', issue('required'))
}

/** The group rules as a pipe action that keeps the object's own output type. */
const withGroupRules = <T extends Payload>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const input: Payload = dataset.value
    groupRules(input, (key, message) =>
      addIssue({
        message,
        ...(key ? { path: [{ type: 'object', origin: 'value', input, key, value: input[key] }] } : {}),
      }),
    )
  })

const studentUpdateObject = (today: string) =>
  v.strictObject(
    {
      ...sharedEntries(today),
      onboarding_completed_at: v.optional(
        v.pipe(v.string(issue('invalid')), v.isoTimestamp(issue('invalid'))),
      ),
      language_ids: v.optional(
        v.pipe(
          v.array(idListItem, issue('invalid')),
          v.transform((ids) => [...new Set(ids)]),
        ),
      ),
    },
    issue('invalid'),
  )

export const studentUpdateSchema = (today: string) =>
  v.pipe(studentUpdateObject(today), withGroupRules<v.InferOutput<ReturnType<typeof studentUpdateObject>>>())

const teacherUpdateObject = (today: string) =>
  v.strictObject(
    {
      ...sharedEntries(today),
      description: v.optional(descriptionSchema),
      not_accepting_new_students: flag,
      iban: v.optional(ibanSchema),
      swift: v.optional(swiftSchema),
      address: v.optional(addressSchema),
      taught_languages: v.optional(teacherLanguagesEntries.taught_languages),
      teaching_languages: v.optional(teacherLanguagesEntries.teaching_languages),
      language_specializations: v.optional(teacherLanguagesEntries.language_specializations),
    },
    issue('invalid'),
  )

export const teacherUpdateSchema = (today: string) =>
  v.pipe(teacherUpdateObject(today), withGroupRules<v.InferOutput<ReturnType<typeof teacherUpdateObject>>>())

export type StudentUpdate = v.InferOutput<ReturnType<typeof studentUpdateSchema>>
export type TeacherUpdate = v.InferOutput<ReturnType<typeof teacherUpdateSchema>>
export type StudentUpdateInput = v.InferInput<ReturnType<typeof studentUpdateSchema>>
export type TeacherUpdateInput = v.InferInput<ReturnType<typeof teacherUpdateSchema>>
